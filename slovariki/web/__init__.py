"""The ground every local web page of Slovariki stands on (the referee's table screen, the teachers'
studio): one implementation of each, so the pages differ only in what is their own.

- ``serve``: the address bound (``listen``: a port, or --lan's Wi-Fi address), the secret token
  (``new_token``), the URL and its QR code on the terminal (``announce``), then uvicorn until Ctrl+C
  with its lines in Russian (``run(app, sock, who)``);
- ``gate``: ``Gate(app, token, names)``, the ASGI middleware in front of an app: the token in the
  path, the Host header (no DNS rebinding) and the origin checked, the security headers (CSP, frames,
  nosniff, no referrer) on every answer, a Russian HTML page for a wrong or old address;
- ``bodies``: request bodies read with a bound (``read_body``, ``read_json``; ``BodyError``);
- ``assets``: the shared files as routes to mount under the token (``routes()``: ``shared/cards.js``,
  ``shared/cards.css``, ``fonts/…``, ``pictures/<name>.svg``) and ``picture_response`` for a card's
  picture;
- ``cards``: a card as the drawing script wants it (``card_json``), the printed card's ``palette``
  (give it to ``setPalette`` in cards.js), and the picture addresses (``picture_url``,
  ``own_picture_key``);
- ``static/``: cards.js (cards drawn as printed) and cards.css. No CDN: the pages work offline.

A page's app, in short::

    app = Gate(Starlette(routes=[Mount(f"/{token}", routes=[*own_routes, *assets.routes()])]), token, [host])
    sock = serve.listen(host, port, lan)
    serve.announce("Студия", serve.url_of(sock, token), lan, sys.stdout)
    serve.run(app, sock, "Студия")
"""
