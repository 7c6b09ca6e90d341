"""Settings for every environment, read from the environment (see README)."""

from pathlib import Path
from urllib.parse import urlsplit

from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    env_bool,
    env_database,
    env_email,
    env_int,
    env_list,
    env_redis_url,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "dev-only-insecure-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# HTTPS only once DEBUG is off (README, "Production"). Behind a proxy that terminates TLS and
# sets X-Forwarded-Proto itself, TRUST_X_FORWARDED_PROTO=1 lets a request it took over HTTPS
# count as secure; SECURE_SSL_REDIRECT=0 leaves the redirect to plain HTTP to that proxy.
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("TRUST_X_FORWARDED_PROTO", False) else None
)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "allauth",
    "allauth.account",
    "accounts",
    "campaign",
    "notices",
]

MIDDLEWARE = [
    # A lost database connection: reads tried again, writes a 503 with Retry-After.
    "campaign.connection_loss.ConnectionLossMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files, compressed and with far-future caching, from the application server.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: a choice made on a page (cookie), else the browser's.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A POST with an idempotency key is answered once; a retry gets the first answer.
    "campaign.idempotency.IdempotencyMiddleware",
    # ... unless a signed-in person saved their choice with their account.
    "accounts.language.SavedLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Dates and deadlines in the reader's time zone (the browser's, from a cookie).
    "accounts.time_zone.ReaderTimeZoneMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notices.context.waiting",
            ],
            # `rule_links` turns the rule IDs of refusals into "why" links on every page;
            # `worded` shows words kept as data in the reader's language.
            "builtins": [
                "campaign.templatetags.rule_links",
                "campaign.templatetags.wording",
            ],
        },
    },
]

DATABASES = {"default": env_database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = env_str("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Failed sign-ins: 10 a minute from one client address, and 5 in 5 minutes for one user name
# from one address (the adapter keys them by both), so guessing a password from elsewhere
# never locks its owner out. Counted in the cache: Redis, shared by every process, when set.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}
# How many proxies of yours append to X-Forwarded-For: the client address is read past them.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
# E-mail is printed on the console unless EMAIL_URL names an SMTP server, e.g.
# smtp://user:password@mail.example.org:587/?tls=1 (STARTTLS), smtps://...:465 (TLS).
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
SMTP = env_email("EMAIL_URL")
if SMTP:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = SMTP["EMAIL_HOST"]
    EMAIL_PORT = SMTP["EMAIL_PORT"]
    EMAIL_HOST_USER = SMTP["EMAIL_HOST_USER"]
    EMAIL_HOST_PASSWORD = SMTP["EMAIL_HOST_PASSWORD"]
    EMAIL_USE_TLS = SMTP["EMAIL_USE_TLS"]
    EMAIL_USE_SSL = SMTP["EMAIL_USE_SSL"]
    EMAIL_TIMEOUT = SMTP["EMAIL_TIMEOUT"]
# Where the site is reached from outside: the links of e-mails sent by tasks (no request).
SITE_URL = env_str("SITE_URL", "http://localhost:8000")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Risk Legacy <noreply@localhost>")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# STATIC_UNCOLLECTED=1 serves the source folders as they are, without `collectstatic` (which
# compresses for a minute or more): only for CI's boot of the production configuration
# (tests/config/test_production_boot.py), never for a real site.
STATIC_UNCOLLECTED = DEBUG or env_bool("STATIC_UNCOLLECTED", False)
# Uploaded files (photos of games): the local media folder unless MEDIA_STORAGE names another
# storage backend (say "storages.backends.s3.S3Storage", configured by its own settings). They
# are served through the campaign's pages, which check who may read them, never from MEDIA_URL.
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(BASE_DIR / "media")))
MEDIA_URL = "media/"
STORAGES = {
    "default": {"BACKEND": env_str("MEDIA_STORAGE", "django.core.files.storage.FileSystemStorage")},
    # In production `collectstatic` writes hashed, compressed copies that WhiteNoise serves.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if STATIC_UNCOLLECTED
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# While developing (tests included) WhiteNoise serves the source folders as they change; in
# production only what `collectstatic` wrote.
WHITENOISE_USE_FINDERS = STATIC_UNCOLLECTED
WHITENOISE_AUTOREFRESH = STATIC_UNCOLLECTED
# What browsers ask for at the site's root (/favicon.ico), served as it is.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"

REDIS_URL = env_redis_url("REDIS_URL")
# Every key this service writes to Redis (queue, results, cache) starts with this, so services
# sharing one Redis database neither take each other's tasks nor read each other's cache.
REDIS_KEY_PREFIX = env_str("REDIS_KEY_PREFIX", "")

# Without a broker, tasks run eagerly in-process so the service needs nothing but Python.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_SERIALIZER = "json"
# Backups (README, "Backups"): every campaign's export, each day at BACKUP_HOUR (UTC) into a
# dated folder of BACKUP_DIR, keeping the newest BACKUP_KEEP of them.
BACKUP_DIR = Path(env_str("BACKUP_DIR", str(BASE_DIR / "backups")))
BACKUP_KEEP = env_int("BACKUP_KEEP", 14)
BACKUP_HOUR = env_int("BACKUP_HOUR", 3)
if BACKUP_KEEP < 1 or BACKUP_HOUR > 23:
    raise ImproperlyConfigured("BACKUP_KEEP must be 1 or more and BACKUP_HOUR 0 to 23.")

# Celery beat: the backstop that opens packs whose unlock task was lost (see campaign.tasks),
# and the daily backup.
CELERY_BEAT_SCHEDULE = {
    "open-due-packs": {"task": "campaign.tasks.packs_sweep", "schedule": 60.0},
    "enforce-game-clocks": {"task": "campaign.tasks.digital_clocks_enforce", "schedule": 60.0},
    "back-up-campaigns": {
        "task": "campaign.tasks.campaigns_back_up",
        "schedule": crontab(hour=BACKUP_HOUR, minute=0),
    },
    "mail-notices": {"task": "notices.tasks.notices_mail_waiting", "schedule": 60.0},
    "warn-of-clocks-near-their-end": {
        "task": "notices.tasks.notices_deadlines_warn",
        "schedule": 60.0,
    },
    "forget-idempotent-answers": {
        "task": "campaign.tasks.idempotent_answers_forget",
        "schedule": crontab(minute=17),
    },
    "forget-unused-game-worlds": {
        "task": "campaign.tasks.game_worlds_forget",
        "schedule": crontab(hour=BACKUP_HOUR, minute=41),
    },
}
# Redis down must not hold a request (campaign.enqueue): a connection attempt gives up after a
# second and a publish is tried twice, not for ever; the result store likewise.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "global_keyprefix": REDIS_KEY_PREFIX,
    "retry_policy": {
        "max_retries": 2,
        "interval_start": 0,
        "interval_step": 0.2,
        "interval_max": 0.2,
    },
}
# Tasks are acknowledged once done, so a task whose worker died stays reserved in Redis until
# this many seconds pass, then goes to another worker. It must outlast the longest countdown (a
# comeback pick's 2 minutes, campaign.services.digital.moves) plus a run (seconds), or a task still
# waiting for its time is handed out twice (harmless, but wasted); Celery's default is an hour.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300),
    "socket_connect_timeout": 1,
    "global_keyprefix": REDIS_KEY_PREFIX,
}

CACHES = {
    "default": (
        {
            # Shared by every process; answers from memory while Redis cannot be reached.
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_KEY_PREFIX,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# The largest request body read (5 MB): a campaign's export is far smaller. The API answers a
# larger one with a JSON 413 (campaign.api.exceptions); README, "API".
DATA_UPLOAD_MAX_MEMORY_SIZE = 5_000_000

# Live game pages (campaign.live): Redis carries a game's news to every server process and
# machine; without it (the embedded default, one process) the process's memory does. News goes
# by Redis's publish/subscribe: one PUBLISH per game's news, which each process hands to its own
# sockets (not one message per socket through Redis). Published channels belong to the whole
# Redis server, not to a database: the prefix names the database, so sites and test runs on
# other databases of one Redis never hear each other.
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [
                    {"address": REDIS_URL, "socket_connect_timeout": 1, "socket_timeout": 15}
                ],
                "prefix": f"{REDIS_KEY_PREFIX}asgi-db{urlsplit(REDIS_URL).path.strip('/') or 0}",
            },
        }
        if REDIS_URL
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "campaign.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "campaign.api.exceptions.api_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Risk Legacy campaigns API",
    "DESCRIPTION": (
        "Log, play and review Risk Legacy campaigns.\n\n"
        "**Spoiler warning:** this reference lists every value the API accepts, including "
        "scars, event cards, powers and settings from sealed packs. A campaign's own responses "
        "never show what its unopened packs hold, and refuse those values like unknown ones."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Every 404 and 400 an operation can give is in the schema, in the one error shape.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "campaign.api.schema_answers.document_refusals",
    ],
    # The doc page's scripts are served from our static files, so it works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name per choice set that several fields share.
    "ENUM_NAME_OVERRIDES": {
        "FactionEnum": "campaign.api.schema_names.faction_keys",
        "TerritoryEnum": "campaign.api.schema_names.territory_keys",
        "BoardTerritoryEnum": "campaign.api.schema_names.board_territory_keys",
        "MissionEnum": "campaign.api.schema_names.mission_codes",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
