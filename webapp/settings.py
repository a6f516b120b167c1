"""The server's settings and their defaults: each may be set in the instance folder's
``config.py`` or as a ``HEADFRAME_<NAME>`` environment variable (README, "Server settings")."""

DEFAULTS = {
    "DATABASE_URL": None,          # None: SQLite in the instance folder
    "DATA": None,                  # an edited copy of the games' data new tables start from; None: shipped
    "DB_POOL_SIZE": 10,
    "SQLITE_SYNCHRONOUS": "NORMAL",  # "FULL" also survives a power cut; see webapp/db.py
    "LONG_POLL_SLOTS": 4,            # /events requests that may wait in a thread at once (serve parks them instead)
    "LIVE_WATCH_S": 0.1,             # how often waits look for changes made by other server processes
    "VERSION_TTL": 1.0,              # seconds a polled version may come from memory; see tables.Store
    "AUTOMATIC_GRACE": 4.0,          # seconds a solo opponent waits after an undoable move; see tables.bots
    "JOIN_FAILURE_LIMIT": 10,      # wrong join codes per address ...
    "JOIN_FAILURE_WINDOW": 300.0,  # ... per this many seconds, counted in the database (all workers)
    "JOIN_LOCKED_INTERVAL": 2.0,   # a locked address has one code looked up per this many seconds
    "PROXY_HOPS": 0,               # reverse proxies in front that set X-Forwarded-For (0: none)
    "MAX_CONTENT_LENGTH": 256 * 1024,
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "JSON_SORT_KEYS": False,
}
