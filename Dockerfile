# The game server, `carcassonne serve`, in one image.
#
#   docker build -t carcassonne .
#   docker run -p 8000:8000 -v carcassonne-data:/data carcassonne
#       one process, SQLite in /data (the volume keeps it)
#   docker run -p 8000:8000 -e DATABASE_URL=postgresql://USER:PASS@HOST/DB \
#       -e REDIS_URL=redis://HOST:6379/0 carcassonne --node one
#       one of many processes (compose.yaml runs three behind nginx)
#
# Arguments after the image name are added to `carcassonne serve --host
# 0.0.0.0 --port 8000`; other commands: docker run --entrypoint carcassonne
# carcassonne ratings --recompute.

FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /build
COPY pyproject.toml setup.py README.md ./
COPY src ./src
# A C compiler for the build only: the engine is compiled with mypyc (setup.py).
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install '.[server,postgres]' \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* \
    && cd / && rm -rf /build \
    && useradd --system --uid 10001 --user-group --home-dir /data --create-home \
        --shell /usr/sbin/nologin carcassonne

# Without DATABASE_URL the database is an SQLite file in $XDG_DATA_HOME/carcassonne/.
ENV XDG_DATA_HOME=/data
USER carcassonne
WORKDIR /data
EXPOSE 8000

HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=2).status != 200)"]

ENTRYPOINT ["carcassonne", "serve", "--host", "0.0.0.0", "--port", "8000"]
CMD []
