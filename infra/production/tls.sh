#!/usr/bin/env bash
# The production stack's own CA and a server certificate for each server that speaks TLS
# (`make up-production`, decision 0052): the ingress (nginx), Redis and PostgreSQL. Every
# certificate names localhost and 127.0.0.1, which is where those servers listen here.
#   infra/production/tls.sh <dir> <server>...   writes <dir>/ca.{crt,key} (once) and
#   <dir>/<server>.{crt,key}. Test material only: the CA's key sits beside it, unprotected.
set -euo pipefail
dir=$1; shift
mkdir -p "$dir"
cd "$dir"
if [ ! -f ca.crt ]; then
  openssl req -x509 -new -nodes -newkey rsa:2048 -sha256 -days 30 -keyout ca.key -out ca.crt \
    -subj '/CN=Upright local production test CA' \
    -addext 'basicConstraints=critical,CA:TRUE' -addext 'keyUsage=critical,keyCertSign,cRLSign' \
    2>/dev/null
fi
for server in "$@"; do
  openssl req -new -nodes -newkey rsa:2048 -keyout "$server.key" -out "$server.csr" \
    -subj "/CN=localhost" 2>/dev/null
  openssl x509 -req -in "$server.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -sha256 -days 30 \
    -out "$server.crt" 2>/dev/null -extfile <(printf '%s\n' \
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1' \
      'basicConstraints=critical,CA:FALSE' 'keyUsage=critical,digitalSignature,keyEncipherment' \
      'extendedKeyUsage=serverAuth')
  rm -f "$server.csr"
done
