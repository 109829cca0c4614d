"""What the pages share: the bridge and DOM helpers, the words, the boards, the engine's client and worker."""
