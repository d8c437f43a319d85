{{/* Names, labels and the shared pieces of every component's pod. */}}

{{- define "upright.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "upright.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of one component's resources: <fullname>-<component>. Args: (list $ "bff"). */}}
{{- define "upright.componentName" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "upright.fullname" $root | trunc 50 | trimSuffix "-") (index . 1) -}}
{{- end -}}

{{- define "upright.selectorLabels" -}}
app.kubernetes.io/name: {{ include "upright.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "upright.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "upright.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: upright
{{- end -}}

{{/* Labels of one component. Args: (list $ "bff"). */}}
{{- define "upright.componentSelectorLabels" -}}
{{ include "upright.selectorLabels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "upright.componentLabels" -}}
{{ include "upright.labels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* An image reference; a digest, when given, pins it instead of the tag. Args: (list $ $c). */}}
{{- define "upright.image" -}}
{{- $root := index . 0 -}}
{{- $c := index . 1 -}}
{{- if $c.digest -}}
{{- printf "%s/%s@%s" $root.Values.image.registry $c.image $c.digest -}}
{{- else -}}
{{- printf "%s/%s:%s" $root.Values.image.registry $c.image (default $root.Chart.AppVersion $root.Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "upright.secretName" -}}
{{- default (printf "%s-secrets" (include "upright.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "upright.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "upright.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The NestJS processes (web is nginx) and those that own a Postgres schema. */}}
{{- define "upright.nodeComponents" -}}bff accounts rankings reports mail search{{- end -}}
{{- define "upright.databaseComponents" -}}accounts rankings reports search{{- end -}}
{{- /*
The processes each one exchanges transport messages with (contracts' transportPeersOf; a chart
test keeps the two equal). Each pair shares one key, secrets.values.transportKeys.<a>-<b> with
the two names in alphabetical order (decision 0016).
*/}}
{{- define "upright.transportPeers" -}}
{{- dict "bff" (list "accounts" "rankings" "reports" "search") "accounts" (list "bff" "rankings") "rankings" (list "accounts" "bff" "reports" "search") "reports" (list "bff" "rankings" "search") "search" (list "bff" "rankings" "reports") "mail" (list) | toJson -}}
{{- end -}}
{{- define "upright.transportPair" -}}
{{- list (index . 0) (index . 1) | sortAlpha | join "-" -}}
{{- end -}}

{{/* Every container listens on this port; probes, Services and policies use it. */}}
{{- define "upright.httpPort" -}}8080{{- end -}}

{{/* Where a dependency's CA is mounted, read-only. Args: "postgres". */}}
{{- define "upright.caDir" -}}/etc/upright/tls/{{ . }}{{- end -}}

{{/*
  The dependencies whose CA a component trusts, space-separated: postgres for the schema owners
  and the migration Job, redis for every Node process, opensearch for search. Args: (list $ "search").
*/}}
{{- define "upright.caDependencies" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $deps := list -}}
{{- if and $root.Values.postgres.tls.caSecret (or (eq $name "migrate") (has $name (splitList " " (include "upright.databaseComponents" $root)))) -}}
{{- $deps = append $deps "postgres" -}}
{{- end -}}
{{- if and $root.Values.redis.tls.caSecret (has $name (splitList " " (include "upright.nodeComponents" $root))) -}}
{{- $deps = append $deps "redis" -}}
{{- end -}}
{{- if and $root.Values.opensearch.enabled $root.Values.opensearch.tls.caSecret (eq $name "search") -}}
{{- $deps = append $deps "opensearch" -}}
{{- end -}}
{{- join " " $deps -}}
{{- end -}}

{{/* Volumes of a component's CAs. Args: (list $ "search"). */}}
{{- define "upright.caVolumes" -}}
{{- $root := index . 0 -}}
{{- range splitList " " (include "upright.caDependencies" .) }}
{{- if . }}
- name: ca-{{ . }}
  secret:
    secretName: {{ (index $root.Values .).tls.caSecret }}
    defaultMode: 0444
    items:
      - { key: {{ (index $root.Values .).tls.caKey }}, path: ca.crt }
{{- end }}
{{- end }}
{{- end -}}

{{/* Read-only mounts of a component's CAs. Args: (list $ "search"). */}}
{{- define "upright.caMounts" -}}
{{- range splitList " " (include "upright.caDependencies" .) }}
{{- if . }}
- name: ca-{{ . }}
  mountPath: {{ include "upright.caDir" . }}
  readOnly: true
{{- end }}
{{- end }}
{{- end -}}

{{/*
  Node's TLS clients (ioredis, the OpenSearch client) trust the default roots plus the file in
  NODE_EXTRA_CA_CERTS, which takes one file: the Redis and OpenSearch CAs are concatenated into it
  by an init container. PostgreSQL clients get their CA as sslrootcert instead (libpq semantics).
*/}}
{{- define "upright.nodeCaDependencies" -}}
{{- without (splitList " " (include "upright.caDependencies" .)) "postgres" "" | join " " -}}
{{- end -}}

{{/* A secret variable. Args: (list $ "REDIS_URL" "redis-url"). */}}
{{- define "upright.secretEnvVar" -}}
- name: {{ index . 1 }}
  valueFrom:
    secretKeyRef:
      name: {{ include "upright.secretName" (index . 0) }}
      key: {{ index . 2 }}
{{- end -}}

{{- define "upright.imagePullSecrets" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The writable /tmp of a read-only container. */}}
{{- define "upright.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}

{{/*
  One egress rule: in-cluster peers (`to`) and external ranges (`cidrs`) on the given ports.
  Args: (list "postgres" $rule (list 5432) "TCP" ["UDP"]). Neither peers nor ranges would allow
  every destination, so that is refused.
*/}}
{{- define "upright.egressRule" -}}
{{- $what := index . 0 -}}
{{- $rule := index . 1 -}}
{{- $ports := index . 2 -}}
{{- $protocols := slice . 3 -}}
{{- if and (not $rule.to) (not $rule.cidrs) -}}
{{- fail (printf "networkPolicy.egress.%s: give in-cluster peers (to) or external CIDRs (cidrs); an empty rule would allow every destination" $what) -}}
{{- end -}}
- ports:
    {{- range $ports }}
    {{- $port := . }}
    {{- range $protocols }}
    - { port: {{ $port }}, protocol: {{ . }} }
    {{- end }}
    {{- end }}
  to:
    {{- with $rule.to }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
    {{- range $rule.cidrs }}
    - ipBlock: { cidr: {{ . }} }
    {{- end }}
{{- end -}}

{{/* The port of a URL, or the scheme's default. Args: (list "rediss://u:p@h:6380" (dict "redis" 6379 "rediss" 6379)). */}}
{{- define "upright.urlPort" -}}
{{- $url := urlParse (index . 0) -}}
{{- $hostPort := splitList ":" $url.host -}}
{{- if gt (len $hostPort) 1 -}}{{ last $hostPort }}{{- else -}}{{ index (index . 1) $url.scheme }}{{- end -}}
{{- end -}}

{{/* DNS: the cluster DNS pods (or CIDRs), and NodeLocal DNSCache's link-local address if asked. */}}
{{- define "upright.dnsEgress" -}}
{{- $dns := .Values.networkPolicy.egress.dns -}}
{{- $cidrs := $dns.cidrs -}}
{{- if $dns.nodeLocalDnsCache }}{{ $cidrs = append $cidrs "169.254.20.10/32" }}{{ end -}}
{{- include "upright.egressRule" (list "dns" (dict "to" $dns.to "cidrs" $cidrs) (list 53) "UDP" "TCP") -}}
{{- end -}}
