# The service's image: uvicorn serves the site over ASGI (pages, the API, the game pages'
# websockets; static files too, through WhiteNoise) with WEB_CONCURRENCY worker processes;
# the same image runs the Celery worker and Celery beat (see compose.yaml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    WEB_CONCURRENCY=4

WORKDIR /app

# Dependencies first, in a layer of their own that code changes do not rebuild.
COPY pyproject.toml ./
RUN pip install .

COPY . .
# Settings need a key to load; collectstatic uses it for nothing it keeps.
RUN DEBUG=0 SECRET_KEY=collectstatic-only ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput

RUN useradd --system --uid 10001 --home-dir /app app \
    && mkdir /backups /media && chown app /backups /media
USER app

EXPOSE 8000
CMD ["uvicorn", "config.asgi:application", "--host", "0.0.0.0", "--port", "8000", "--lifespan", "off"]
