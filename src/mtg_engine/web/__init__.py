"""The browser front end of ``mtg serve`` (needs the ``[web]`` extra: Starlette, uvicorn).

:mod:`.session` holds one game on the server and builds what its page may see;
:mod:`.app` is the ASGI app; ``static/`` is the page (HTML, CSS, JavaScript
written in the project, shipped as package data, no build step).
"""
