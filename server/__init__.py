"""The wiring and the runtime: settings, URLs, the ASGI/WSGI entry points, the supervisor and the web server.

The top floor: it imports the apps (webhooks, memories, tenants) and the kernel; nothing imports it.
"""
