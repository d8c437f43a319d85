# The local stand-in for nginx-unprivileged (infra/docker/local-bases.sh): Debian's nginx, wget for
# the image's health check, and the logs nginx opens before reading its configuration sent to the
# container's output (as the public nginx images do).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light wget \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log \
  && mkdir -p /usr/share/nginx/html
