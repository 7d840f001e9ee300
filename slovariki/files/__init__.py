"""Files and streams the program trusts: bounded reads (``reading``), atomic writes (``atomic``), games
saved after every change (``autosave``) and the JSON-lines loop of the machine protocols (``jsonl``)."""
