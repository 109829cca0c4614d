"""The part of ``dataclasses`` that asalto_core uses, for MicroPython (which has none).

MicroPython keeps no class annotations, so the fields cannot be found from them: each
dataclass of the engine names its ``__init__`` fields, in order, in ``__match_args__``
(which CPython's dataclasses write the same way; a test checks the two agree). Defaults
are the class attributes; ``field(init=False)`` attributes are set in ``__post_init__``.
Generated: ``__init__``, ``__repr__``, ``__eq__``, and for frozen classes ``__hash__`` and a
``__setattr__`` that refuses changes, as on CPython.
"""

MISSING = object()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, default, init, repr, compare):
        self.default = default
        self.init = init
        self.repr = repr
        self.compare = compare


def field(*, default=MISSING, init=True, repr=True, compare=True, hash=None, default_factory=MISSING):
    if default_factory is not MISSING:
        raise TypeError("default_factory is not supported on MicroPython")
    return Field(default, init, repr, compare)


def dataclass(cls=None, *, frozen=False, slots=False, eq=True, order=False):
    def wrap(cls):
        return _process(cls, frozen, eq)

    return wrap if cls is None else wrap(cls)


def _process(cls, frozen, eq):
    names = cls.__match_args__
    defaults, shown, compared = {}, [], []
    for name in names:
        spec = getattr(cls, name, MISSING)
        if isinstance(spec, Field):
            if spec.repr:
                shown.append(name)
            if spec.compare:
                compared.append(name)
            spec = spec.default
            if spec is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, spec)
        else:
            shown.append(name)
            compared.append(name)
        if spec is not MISSING:
            defaults[name] = spec
    post_init = getattr(cls, "__post_init__", None)

    def __init__(self, *args, **kwargs):
        if len(args) > len(names):
            raise TypeError(cls.__name__ + "() takes at most " + str(len(names)) + " arguments")
        for i, name in enumerate(names):
            if i < len(args):
                if name in kwargs:
                    raise TypeError(cls.__name__ + "() got multiple values for " + name)
                value = args[i]
            elif name in kwargs:
                value = kwargs.pop(name)
            elif name in defaults:
                value = defaults[name]
            else:
                raise TypeError(cls.__name__ + "() missing argument " + repr(name))
            object.__setattr__(self, name, value)
        for name in kwargs:
            if name not in names:
                raise TypeError(cls.__name__ + "() got an unexpected keyword argument " + repr(name))
        if post_init is not None:
            post_init(self)

    def __repr__(self):
        inner = ", ".join(name + "=" + repr(getattr(self, name)) for name in shown)
        return cls.__name__ + "(" + inner + ")"

    def _key(self):
        return tuple(getattr(self, name) for name in compared)

    own = cls.__dict__  # like CPython, a method the class defines itself is kept
    if "__init__" not in own:
        cls.__init__ = __init__
    if "__repr__" not in own:
        cls.__repr__ = __repr__
    if eq and "__eq__" not in own:

        def __eq__(self, other):
            return other.__class__ is self.__class__ and _key(self) == _key(other)

        def __ne__(self, other):
            return not __eq__(self, other)

        cls.__eq__ = __eq__
        cls.__ne__ = __ne__
    if frozen:

        def __hash__(self):
            return hash(_key(self))

        def __setattr__(self, name, value):
            raise FrozenInstanceError("cannot assign to field " + repr(name))

        cls.__hash__ = __hash__
        cls.__setattr__ = __setattr__
    return cls


def replace(obj, **changes):
    """A copy of ``obj`` with some init fields changed (as CPython's ``dataclasses.replace``)."""
    for name in obj.__match_args__:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return obj.__class__(**changes)
