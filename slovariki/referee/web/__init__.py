"""`slovariki referee web`: the table screen for a phone or tablet lying on the table.

- ``view``: what the screen shows, as JSON (cards as printed, whose move, the choices of a move);
- ``host``: the one table the server holds, its session file, every change saved before it is told;
- ``app``: the Starlette app (routes, the URL's token, JSON errors) over a host;
- ``serve``: the address, the QR code and uvicorn, for the command line;
- ``static/``: the page itself (HTML, CSS, JS), served by the app: no CDN, it works offline.

The server decides nothing: every move goes through the referee's :class:`~slovariki.referee.table.Table`
and the page draws the state it gets back (boardgame.io's way).
"""
