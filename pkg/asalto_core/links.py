"""Links: the one reader and writer of what travels in a URL (share, embed and game links).

Every layer calls this module: the game page and the embed view (on MicroPython), the tests
and the bench (CPython). The page's JavaScript only hands over ``location.hash`` and
``location.search`` as text and puts back the text written here.

Three kinds of link, each a query string (``name=value&...``, UTF-8, %-escaped):

- **share** (the game page's ``#...``): the game's whole record, annotations and side lines
  included, compressed (``record-z``; as text, ``record``, when that is shorter) with the
  cursor's ``path``. Older links with
  ``ruleset``/``start``/``moves``/``ply`` are still read.
- **embed** (``embed.html?...``): the parameters :mod:`asalto_core.embed` checks; a record may
  come packed as ``record-z``.
- **game** (``#game=...``): a correspondence game: its identifier, rules, start, moves and
  the time of the last move, packed. :func:`read_game` replays it with the engine before the page
  keeps anything; :func:`follows` says how it relates to the copy this browser keeps.

Packed text is raw deflate, then base64url without padding. A link that cannot be read raises
:class:`LinkError`, whose message says what is wrong (the page shows it and changes nothing).

>>> q = write_query([("ruleset", "assault"), ("moves", "d4-d5 c5-c6")])
>>> q, read_query("#" + q)["moves"]
('ruleset=assault&moves=d4-d5+c5-c6', 'd4-d5 c5-c6')
>>> unpack(pack("1. d4-d5 {Good.} *"))
'1. d4-d5 {Good.} *'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import AsaltoError, LimitError, quote
from .geometry import is_number
from .session import MAX_TEXT  # characters of a text carried packed (a record, a game): as any record read

try:
    import deflate  # type: ignore[import-not-found]  # MicroPython's (the page)
except ImportError:
    deflate = None
if deflate is None:  # CPython and Pyodide
    import zlib

if TYPE_CHECKING:
    from typing import Any

    from .session import Session

MAX_LINK = 400000  # characters of a link's text read at all
WBITS = 15  # deflate's window when reading: 32 KB, the most any writer uses
# ... and when writing: 1 KB. MicroPython's compressor takes time with the window's size: 100 KB
# of one letter (a comment of "wwww...") packed in 11 s with 32 KB, 0.3 s with 1 KB (node, busy
# 2-core machine), for the same output; a game's moves fit in 1 KB.
PACK_WBITS = 10
GAME_FORMAT = "1"  # the version of a game link's contents
ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789"
ID_LENGTH = 10
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {c: i for i, c in enumerate(_B64)}
_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*"  # as URLSearchParams
_HEX = "0123456789ABCDEF"
# What inflating damaged data raises: zlib.error on CPython, OSError on MicroPython.
_INFLATE_ERRORS = (ValueError, OSError, EOFError) + ((zlib.error,) if deflate is None else ())


class LinkError(AsaltoError):
    """A link (or a part of one) that cannot be read: the message says what is wrong. The link
    itself is damaged (cut short or edited in copying), unless it is one of the two below."""


class UnplayableLinkError(LinkError):
    """A link that reads, holding a game the engine refuses (a move the rules do not allow)."""


class NewerLinkError(LinkError):
    """A link written by a newer version of the page."""


class TooLongLinkError(LinkError):
    """A link that carries more than the page reads (characters, moves): neither damaged nor
    against the rules (the engine's own :class:`~asalto_core.errors.LimitError`, met in a link)."""


# -- query strings -------------------------------------------------------------------------
def _utf8(text: str) -> bytes:
    """``text`` in UTF-8; :class:`LinkError` for a lone surrogate (half a character, which no
    link can carry: only CPython can hold one)."""
    try:
        return text.encode("utf-8")
    except UnicodeError:
        raise LinkError("the text holds half a character (a lone surrogate): it cannot go in a link") from None


def _escape(text: str) -> str:
    """``text`` as application/x-www-form-urlencoded, byte for byte what URLSearchParams writes."""
    out = []
    for b in _utf8(text):
        c = chr(b)
        if c in _SAFE:
            out.append(c)
        elif c == " ":
            out.append("+")
        else:
            out.append("%" + _HEX[b >> 4] + _HEX[b & 15])
    return "".join(out)


def _unescape(text: str) -> str:
    """The inverse of :func:`_escape`; a ``%`` not followed by two hex digits stays as it is
    (as browsers read it); bytes that are not UTF-8 raise :class:`LinkError`."""
    raw = bytearray()
    data = _utf8(text.replace("+", " "))
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b == 37 and i + 2 < n and _is_hex(data[i + 1]) and _is_hex(data[i + 2]):
            raw.append(int(chr(data[i + 1]) + chr(data[i + 2]), 16))
            i += 3
        else:
            raw.append(b)
            i += 1
    try:
        return bytes(raw).decode("utf-8")
    except UnicodeError:
        raise LinkError("the link is damaged: a value is not UTF-8 text") from None


def _is_hex(b: int) -> bool:
    return 48 <= b <= 57 or 65 <= b <= 70 or 97 <= b <= 102


def write_query(pairs: list[tuple[str, str]]) -> str:
    """``name=value&...`` from (name, value) pairs, in their order."""
    return "&".join(_escape(k) + "=" + _escape(v) for k, v in pairs)


def read_query(text: str) -> dict[str, str]:
    """The parameters of a query or fragment (a leading ``?`` or ``#`` is dropped); the last
    of a repeated name wins. :class:`LinkError` if the text is too long or not UTF-8."""
    if not isinstance(text, str):
        raise LinkError("the link is not text")
    if len(text) > MAX_LINK:
        raise TooLongLinkError(f"the link is too long ({len(text)} characters; at most {MAX_LINK})")
    if text[:1] in ("?", "#"):
        text = text[1:]
    out: dict[str, str] = {}
    for part in text.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        out[_unescape(name)] = _unescape(value)
    return out


# -- packed text -----------------------------------------------------------------------------
def _b64(data: bytes) -> str:
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i : i + 3]
        n = int.from_bytes(bytes(chunk) + b"\0" * (3 - len(chunk)), "big")
        four = [_B64[(n >> s) & 63] for s in (18, 12, 6, 0)]
        out.append("".join(four[: len(chunk) + 1]))
    return "".join(out)


def _unb64(text: str) -> bytes:
    if len(text) % 4 == 1:
        raise LinkError("the link is damaged: it was cut short or edited")
    out = bytearray()
    for i in range(0, len(text), 4):
        chunk = text[i : i + 4]
        n = 0
        for c in chunk:
            v = _B64_INDEX.get(c)
            if v is None:
                raise LinkError(f"the link is damaged: {quote(c)} cannot be part of it")
            n = n << 6 | v
        n <<= 6 * (4 - len(chunk))
        out.extend(n.to_bytes(3, "big")[: len(chunk) - 1])
    return bytes(out)


def pack(text: str) -> str:
    """``text`` compressed into link characters (raw deflate, base64url)."""
    data = _utf8(text)
    if deflate is not None:
        import io

        buf = io.BytesIO()
        with deflate.DeflateIO(buf, deflate.RAW, PACK_WBITS) as f:
            f.write(data)
        return _b64(buf.getvalue())
    c = zlib.compressobj(9, zlib.DEFLATED, -PACK_WBITS)
    return _b64(c.compress(data) + c.flush())


def unpack(text: str, limit: int = MAX_TEXT) -> str:
    """The text :func:`pack` wrote; :class:`LinkError` if it is damaged or longer than ``limit``
    characters once unpacked (never more than that much is inflated)."""
    if not isinstance(text, str):
        raise LinkError("the link is not text")
    data = _unb64(text.strip())
    cap = 4 * limit + 1  # bytes: a character takes at most 4 in UTF-8
    try:
        if deflate is not None:
            import io

            stream = deflate.DeflateIO(io.BytesIO(data), deflate.RAW, WBITS)
            out = bytearray()
            while len(out) < cap:  # in pieces: read(cap) would take cap bytes of memory at once
                piece = stream.read(4096)
                if not piece:
                    break
                out.extend(piece)
        else:
            d = zlib.decompressobj(-WBITS)
            out = bytearray(d.decompress(data, cap))
            if not d.eof and len(out) < cap:
                raise ValueError("cut short")
    except _INFLATE_ERRORS:
        raise LinkError("the link is damaged: it was cut short or edited") from None
    try:
        result = bytes(out).decode("utf-8")
    except UnicodeError:
        raise LinkError("the link is damaged: it was cut short or edited") from None
    if len(out) >= cap or len(result) > limit:
        raise TooLongLinkError(f"the link's text is too long (at most {limit} characters)")
    return result


# -- share links (the game page) -----------------------------------------------------------------
def share_query(record: str, path: list[int] | tuple[int, ...]) -> str:
    """The game page's share link after ``#``: the whole record, packed, and the move shown.

    >>> share_query("1. d4-d5 *", [1]).split("&")[1]
    'path=1'
    """
    pairs = [_record_pair(record)]
    if list(path) != [0]:
        pairs.append(("path", ".".join(str(n) for n in path)))
    return write_query(pairs)


def read_share(params: dict[str, str]) -> dict[str, Any] | None:
    """What a share link carries: ``{"record": text, "path": [..]}`` for a record, or
    ``{"descriptor": {...}}`` for an older link of moves only; None when the link has none
    (a plain visit). :class:`LinkError` names the first thing wrong."""
    if "record-z" in params or "record" in params:
        record = unpack(params["record-z"]) if "record-z" in params else params["record"]
        if len(record) > MAX_TEXT:
            raise TooLongLinkError(f"the record in the link is too long (at most {MAX_TEXT} characters)")
        return {"record": record, "path": _path(params.get("path", ""))}
    if not (params.get("ruleset") or params.get("moves") or params.get("start")):
        return None
    moves = [m for m in params.get("moves", "").split(" ") if m]
    ply: int = len(moves)
    if params.get("ply"):
        text = params["ply"]
        if not is_number(text, 5):
            raise LinkError(f"the move number {quote(text)} is not a number")
        ply = int(text)
    start = params.get("start", "")
    ruleset = params.get("ruleset") or (start.split(" ")[0] if start else "assault")
    return {"descriptor": {"ruleset": ruleset, "start": start, "moves": moves, "ply": ply}}


def _path(text: str) -> list[int]:
    if not text:
        return [0]
    parts = text.split(".")
    if len(parts) > 64 or not all(is_number(p, 5) for p in parts):
        raise LinkError(f"the move in the link {quote(text)} is not a move of the game")
    return [int(p) for p in parts]


def share_session(params: dict[str, str]) -> Session | None:
    """The game a share link carries, replayed by the engine (None if the link has none);
    :class:`AsaltoError` (a :class:`LinkError` or the engine's) names what is wrong."""
    from .session import Session

    shared = read_share(params)
    if shared is None:
        return None
    try:
        if "descriptor" in shared:
            return Session.from_descriptor(shared["descriptor"])
        session, warning = Session.from_text(shared["record"])
    except LinkError:
        raise
    except LimitError as err:
        raise TooLongLinkError("the game in the link is too long: " + str(err)) from None
    except AsaltoError as err:
        raise UnplayableLinkError("the game in the link cannot be played: " + str(err)) from None
    if warning:
        raise UnplayableLinkError("the record in the link " + warning)
    try:
        session.go_to_path(shared["path"])
    except AsaltoError:
        raise LinkError("the move in the link is not a move of the game") from None
    return session


# -- embed links -------------------------------------------------------------------------------
def _record_pair(record: str) -> tuple[str, str]:
    """A record as a link carries it: packed (``record-z``), or as text where that is shorter
    (escaped text is never shorter than the text, so only a short record is escaped to measure)."""
    packed = pack(record)
    if len(packed) < len(record) or len(packed) < len(_escape(record)):
        return ("record-z", packed)
    return ("record", record)


def embed_query(params: list[tuple[str, str]]) -> str:
    """An embed's query: a record goes packed (``record-z``) when that is shorter."""
    return write_query([_record_pair(v) if k == "record" else (k, v) for k, v in params])


def read_embed(search: str, fragment: str) -> tuple[dict[str, str], list[str]]:
    """The embed view's parameters: the query's, then the fragment's (which win), a packed
    record unpacked into ``record``; and the problems met (a damaged part is left out)."""
    params: dict[str, str] = {}
    problems: list[str] = []
    for part in (search, fragment):
        try:
            params.update(read_query(part))
        except LinkError as err:
            problems.append(str(err))
    if "record-z" in params:
        packed = params.pop("record-z")
        try:
            params["record"] = unpack(packed)
        except LinkError as err:
            problems.append(str(err))
    return params, problems


# -- game links (correspondence) --------------------------------------------------------------
class GameLink:
    """A correspondence game as a link carries it: ``id``, ``ruleset`` (house rules included),
    ``start`` ('' for the usual), ``moves`` (texts) and ``time`` (seconds since 1970 of the last
    move, by the sender's clock; 0 if unknown)."""

    def __init__(self, id: str, ruleset: str, start: str, moves: list[str], time: int = 0) -> None:
        self.id = id
        self.ruleset = ruleset
        self.start = start
        self.moves = moves
        self.time = time

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameLink) and self.text() == other.text()

    def __repr__(self) -> str:
        return f"GameLink({self.id!r}, {self.ruleset!r}, {len(self.moves)} moves)"

    def text(self) -> str:
        """The contents before packing: one field a line."""
        return "\n".join([GAME_FORMAT, self.id, self.ruleset, self.start, " ".join(self.moves), str(self.time)])

    def query(self) -> str:
        """The link after ``#``."""
        return write_query([("game", pack(self.text()))])

    def descriptor(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "start": self.start, "moves": list(self.moves), "ply": len(self.moves)}

    def session(self) -> Session:
        """The game replayed by the engine; :class:`LinkError` names the first move it refuses."""
        from .session import Session

        try:
            return Session.from_descriptor(self.descriptor())
        except LimitError as err:
            raise TooLongLinkError("the game in the link is too long: " + str(err)) from None
        except AsaltoError as err:
            raise UnplayableLinkError("the game in the link cannot be played: " + str(err)) from None


def valid_id(text: object) -> bool:
    return isinstance(text, str) and len(text) == ID_LENGTH and all(c in ID_CHARS for c in text)


def new_id(random_bytes: bytes) -> str:
    """A game's identifier from ``ID_LENGTH`` random bytes (the page's crypto.getRandomValues)."""
    if len(random_bytes) < ID_LENGTH:
        raise LinkError(f"an identifier needs {ID_LENGTH} random bytes")
    return "".join(ID_CHARS[b % len(ID_CHARS)] for b in random_bytes[:ID_LENGTH])


def read_game(params: dict[str, str]) -> tuple[GameLink, Session] | None:
    """The correspondence game in a link, checked field by field and replayed by the engine
    (None if the link is not a game link). :class:`LinkError` says what is wrong."""
    if "game" not in params:
        return None
    fields = unpack(params["game"]).split("\n")
    if len(fields) != 6 or fields[0] != GAME_FORMAT:
        if is_number(fields[0]) and fields[0] != GAME_FORMAT:
            raise NewerLinkError("the link comes from a newer version of this page: reload the page to read it")
        raise LinkError("the link is damaged: it is not a game")
    _, gid, ruleset, start, moves, time = fields
    if not valid_id(gid):
        raise LinkError("the link is damaged: its game identifier is wrong")
    if not is_number(time, 12):
        raise LinkError("the link is damaged: its time is wrong")
    link = GameLink(gid, ruleset, start, [m for m in moves.split(" ") if m], int(time))
    return link, link.session()


def follows(kept: GameLink, link: GameLink, sides: list[str], mine: str) -> tuple[str, int]:
    """How a game link relates to the copy of the same game this browser keeps, and the ply
    they part at: ``("same", n)``, ``("older", n)`` (the kept game is ahead), ``("newer", n)``
    (the link adds the other side's moves), ``("forged", n)`` (they differ at ply ``n``, or the
    link plays ``mine``'s moves, which were not played here) or ``("other", 0)`` (other rules or
    another start under the same identifier). ``sides``: the side that played each of the
    link's moves.

    >>> kept = GameLink("abcdefghij", "assault", "", ["d4-d5"])
    >>> follows(kept, GameLink(kept.id, "assault", "", ["d4-d5", "c5-c6"]), ["rebels", "officers"], "rebels")
    ('newer', 1)
    >>> follows(kept, GameLink(kept.id, "assault:win=20", "", ["d4-d5"]), ["rebels"], "rebels")
    ('other', 0)
    """
    if (kept.ruleset, kept.start) != (link.ruleset, link.start):
        return "other", 0
    n = min(len(kept.moves), len(link.moves))
    for i in range(n):
        if kept.moves[i] != link.moves[i]:
            return "forged", i
    if len(link.moves) == len(kept.moves):
        return "same", n
    if len(link.moves) < len(kept.moves):
        return "older", n
    for i in range(n, len(link.moves)):
        if sides[i] == mine:
            return "forged", i
    return "newer", n
