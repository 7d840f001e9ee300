"""The kinds of move, named as the referee protocol names them: each Move class's ``cmd``, and what
``GameState.step`` returns, so that a simulation needs no Move values (nor their module)."""

ATTACK = "attack"  # R5
BEAT = "beat"  # R7
TRANSFER = "transfer"  # R8
TOSS_IN = "toss"  # R9
PASS = "pass"  # R9: declining to toss in; classic durak: «бито»
TAKE = "take"  # R11
