# The local stand-in for node:<major>-<suite>-slim (infra/docker/local-bases.sh): the context holds
# the Node binary (bin/node) and an unpacked npm.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY package/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && node --version && npm --version
CMD ["node"]
