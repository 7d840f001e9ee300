"""`slovariki referee web`: the table screen for a phone or tablet lying on the table.

- ``view``: what the screen shows, as JSON (the table, whose move, the choices of a move);
- ``host``: the one table the server holds, its session file, every change saved before it is told;
- ``app``: the Starlette app (routes, JSON errors) over a host, behind the shared gate;
- ``serve``: the session held and the shared server started, for the command line;
- ``static/``: the page itself (HTML, CSS, JS), served by the app: no CDN, it works offline.

What every local page shares (starting the server, the token, Host and Origin checks, bounded bodies,
the card-drawing script, security headers) is slovariki.web. The server decides nothing: every move
goes through the referee's :class:`~slovariki.referee.table.Table` and the page draws the state it
gets back (boardgame.io's way).
"""
