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

{{/*
The BFF's operations port: /metrics and /health/* answer there only, never on the public port
(decision 0049). Probes and the ServiceMonitor use it; the Ingress and HTTPRoute never route to it.
*/}}
{{- define "upright.opsPort" -}}9464{{- end -}}

{{/* The container port a component answers /metrics and /health/* on. Args: component name. */}}
{{- define "upright.opsPortName" -}}{{ ternary "ops" "http" (eq . "bff") }}{{- end -}}

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
  every destination, so that is refused. `policyElsewhere` renders nothing: the operator's own
  policy (FQDN rules the NetworkPolicy API lacks) allows the dependency.
*/}}
{{- define "upright.egressRule" -}}
{{- $what := index . 0 -}}
{{- $rule := index . 1 -}}
{{- $ports := index . 2 -}}
{{- $protocols := slice . 3 -}}
{{- if not $rule.policyElsewhere -}}
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


{{/*
  "true" when a host names something inside the cluster: a Service's short name (no dot) or a
  name under .svc. Anything else (a managed endpoint, an IP address, a two-label name) is outside,
  and the default in-cluster egress selectors would drop its traffic.
*/}}
{{- define "upright.inCluster" -}}
{{- if or (not (contains "." .)) (contains ".svc" .) }}true{{ end -}}
{{- end -}}

{{/*
  Refuses an endpoint outside the cluster whose egress rule has no address ranges: its connections
  would be dropped and the migration hook would hang until its deadline.
  Args: (list $ "postgres" "db.example.com" "postgres.host").
*/}}
{{- define "upright.requireEgressRanges" -}}
{{- $root := index . 0 -}}
{{- $what := index . 1 -}}
{{- $host := index . 2 -}}
{{- $source := index . 3 -}}
{{- $rule := index $root.Values.networkPolicy.egress $what -}}
{{- if and $root.Values.networkPolicy.enabled (not $rule.cidrs) (not $rule.policyElsewhere) (not (include "upright.inCluster" $host)) -}}
{{- fail (printf "%s is %s, outside the cluster, but networkPolicy.egress.%s.cidrs is empty, so the NetworkPolicies would drop every connection to it: give its address ranges in networkPolicy.egress.%s.cidrs, or set networkPolicy.egress.%s.policyElsewhere=true and allow it with a policy of your own (chart README, \"Endpoints without fixed addresses\"); a Service of this cluster is written <service>.<namespace>.svc" $source $host $what $what $what) -}}
{{- end -}}
{{- end -}}

{{/*
  Checks one Redis URL against the values: rediss:// when TLS is required, the port the policies
  open, egress ranges for a host outside the cluster. Args: (list $ "secrets.values.redisUrls.bff" $url).
*/}}
{{- define "upright.checkRedisUrl" -}}
{{- $root := index . 0 -}}
{{- $source := index . 1 -}}
{{- $url := index . 2 -}}
{{- $redis := $root.Values.redis -}}
{{- if and $redis.tls.required (not (hasPrefix "rediss://" $url)) -}}
{{- fail (printf "%s: redis.tls.required is set, so the URL must start with rediss://" $source) -}}
{{- end -}}
{{- $port := include "upright.urlPort" (list $url (dict "redis" "6379" "rediss" "6379")) -}}
{{- if ne $port (toString $redis.port) -}}
{{- fail (printf "%s uses port %s but redis.port (the port the NetworkPolicies open) is %v" $source $port $redis.port) -}}
{{- end -}}
{{- include "upright.requireEgressRanges" (list $root "redis" (first (splitList ":" (urlParse $url).host)) $source) -}}
{{- end -}}

{{/* The Redis user of a URL ("default" without one, as Redis's AUTH <password> means). */}}
{{- define "upright.redisUser" -}}
{{- default "default" (first (splitList ":" (urlParse .).userinfo)) -}}
{{- end -}}

{{/*
  The Redis URL of each Node process, as JSON { component: url }: from secrets.values, or read
  from secrets.existingSecret when the cluster can be asked (install and upgrade; `helm template`
  cannot, and neither can a first install before the Secret exists). Empty when unknown.
*/}}
{{- define "upright.redisUrls" -}}
{{- $v := .Values -}}
{{- $urls := dict -}}
{{- if not $v.secrets.existingSecret -}}
{{- $urls = $v.secrets.values.redisUrls -}}
{{- else -}}
{{- $secret := lookup "v1" "Secret" .Release.Namespace $v.secrets.existingSecret -}}
{{- range $component := splitList " " (include "upright.nodeComponents" .) -}}
{{- $encoded := index ($secret.data | default dict) (printf "redis-url-%s" $component) -}}
{{- if $encoded }}{{ $_ := set $urls $component (b64dec $encoded) }}{{ end -}}
{{- end -}}
{{- end -}}
{{- toJson $urls -}}
{{- end -}}

{{/* Effective libpq sslmode: the value, or verify-full with a CA and require without. */}}
{{- define "upright.postgresSslmode" -}}
{{- default (ternary "verify-full" "require" (ne .Values.postgres.tls.caSecret "")) .Values.postgres.sslmode -}}
{{- end -}}

{{/*
  The NetworkPolicy peers of the edge (the proxies that reach web and the BFF), as YAML: the
  preset's data plane pods, the managed gateway's ranges, and ingressFrom. Cilium's proxy carries
  the reserved `ingress` identity, which no NetworkPolicy peer selects: a CiliumNetworkPolicy
  admits it (networkpolicy.yaml).
*/}}
{{- define "upright.edgePeers" -}}
{{- $np := .Values.networkPolicy -}}
{{- $edge := $np.edge -}}
{{- $peers := list -}}
{{- $namespaceOf := dict "ingress-nginx" "ingress-nginx" "envoy-gateway" "envoy-gateway-system" "istio" (default "istio-ingress" (first (default (list dict) .Values.gateway.parentRefs)).namespace) -}}
{{- $podsOf := dict
  "ingress-nginx" (dict "matchLabels" (dict "app.kubernetes.io/name" "ingress-nginx"))
  "envoy-gateway" (dict "matchLabels" (dict "app.kubernetes.io/name" "envoy" "app.kubernetes.io/component" "proxy"))
  "istio" (dict "matchExpressions" (list (dict "key" "gateway.networking.k8s.io/gateway-name" "operator" "Exists"))) -}}
{{- if hasKey $podsOf $edge.preset -}}
{{- $namespace := default (index $namespaceOf $edge.preset) $edge.namespace -}}
{{- $peers = append $peers (dict "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" $namespace)) "podSelector" (index $podsOf $edge.preset)) -}}
{{- end -}}
{{- range include "upright.edgeCidrs" . | fromJsonArray -}}
{{- $peers = append $peers (dict "ipBlock" (dict "cidr" .)) -}}
{{- end -}}
{{- concat $peers $np.ingressFrom | toYaml -}}
{{- end -}}

{{/* Timings of a component's pods: `pods` with its own `pod` overrides. Args: (list $ $c), as JSON. */}}
{{- define "upright.podTimings" -}}
{{- mergeOverwrite (deepCopy (index . 0).Values.pods) (deepCopy ((index . 1).pod | default dict)) | toJson -}}
{{- end -}}

{{/* What an operator must read after an install: settings that work but protect less than they seem. */}}
{{- define "upright.warnings" -}}
{{- $v := .Values -}}
{{- $sslmode := include "upright.postgresSslmode" . -}}
{{- if and (eq $sslmode "require") (not $v.postgres.tls.caSecret) }}

WARNING: PostgreSQL connections use sslmode=require without postgres.tls.caSecret: encrypted, but
the server is not verified, so whoever can intercept the connection can pose as the database and
read everything. Give the provider's CA in postgres.tls.caSecret: sslmode then defaults to
verify-full (Cloud SQL: set postgres.sslmode=verify-ca).
{{- else if eq $sslmode "disable" }}

WARNING: PostgreSQL connections are in clear (postgres.sslmode=disable).
{{- end }}
{{- if $v.redis.singleUser }}

WARNING: redis.singleUser: every process uses the same Redis identity, so any one of them can
read, delete or flood every stream and queue of the others (messages stay signed, so none can
forge another's requests). Per-process ACL users need a provider with Redis ACLs.
{{- end }}
{{- if and $v.metrics.serviceMonitor.enabled (not (.Capabilities.APIVersions.Has "monitoring.coreos.com/v1/ServiceMonitor")) }}

NOTE: metrics.serviceMonitor.enabled, but this cluster has no ServiceMonitor CRD (the Prometheus
Operator's), so none was created. GKE Managed Prometheus scrapes with PodMonitoring
(monitoring.googleapis.com/v1) from namespace gmp-system: chart README, "Metrics".
{{- end }}
{{- if .Capabilities.APIVersions.Has "crd.k8s.amazonaws.com/v1alpha1/ENIConfig" }}

NOTE: this looks like EKS with the VPC CNI: its NetworkPolicies are enforced only when the
vpc-cni add-on has enableNetworkPolicy: true; otherwise every policy of this chart is inert
(chart README, "Network policies").
{{- end }}
{{- if and (eq (int $v.redis.port) 6378) (not $v.redis.tls.caSecret) }}

WARNING: redis.port 6378 is Memorystore's TLS port, and redis.tls.caSecret is empty: Memorystore
signs with a CA of its own per instance, which Node does not trust, so every process would fail
its TLS handshake. Put that CA in redis.tls.caSecret (chart README, "Managed Redis").
{{- end }}
{{- if and $v.secrets.existingSecret (not (include "upright.redisUrls" . | fromJson)) }}

NOTE: the Secret {{ $v.secrets.existingSecret }} could not be read at render time, so its Redis URLs
were not checked: each redis-url-<component> must be {{ if $v.redis.tls.required }}rediss://{{ else }}redis(s)://{{ end }} on port {{ $v.redis.port }} (redis.port, the
port the NetworkPolicies open){{ if not $v.redis.singleUser }}, each with its own ACL user{{ end }}.
{{- end }}
{{- end -}}

{{/*
  GKE's Gateway and load balancers connect, health checks included, from the Google Front End
  ranges (global external classes): the gke-gateway preset's default edge ranges.
*/}}
{{- define "upright.gfeRanges" -}}["35.191.0.0/16","130.211.0.0/22"]{{- end -}}

{{/* The edge's address ranges as a JSON list: edge.cidrs, or the gke-gateway preset's. */}}
{{- define "upright.edgeCidrs" -}}
{{- $edge := .Values.networkPolicy.edge -}}
{{- if and (eq $edge.preset "gke-gateway") (not $edge.cidrs) -}}
{{- include "upright.gfeRanges" . -}}
{{- else -}}
{{- $edge.cidrs | default list | toJson -}}
{{- end -}}
{{- end -}}

{{/*
  TRUSTED_PROXY_HOPS: the value, or with `auto` the number of addresses the preset's edge appends
  to X-Forwarded-For: GKE's Gateway appends the client's and its own (2), the others one.
*/}}
{{- define "upright.trustedProxyHops" -}}
{{- $hops := .Values.bff.trustedProxyHops -}}
{{- if eq (toString $hops) "auto" -}}
{{- ternary 2 1 (eq .Values.networkPolicy.edge.preset "gke-gateway") -}}
{{- else -}}
{{- $hops -}}
{{- end -}}
{{- end -}}

{{/*
  Ranges a load balancer's health checks come from, as a JSON list: admitted to the BFF's
  operations port (its readiness) and nothing else there. Default: the gke-gateway preset's ranges.
*/}}
{{- define "upright.healthCheckCidrs" -}}
{{- $checks := .Values.edgeHealthChecks -}}
{{- if $checks.cidrs -}}
{{- toJson $checks.cidrs -}}
{{- else if eq .Values.networkPolicy.edge.preset "gke-gateway" -}}
{{- include "upright.gfeRanges" . -}}
{{- else -}}
[]
{{- end -}}
{{- end -}}

{{/* A duration of Prometheus's form (30s, 1m, 500ms, 1h) in milliseconds. */}}
{{- define "upright.durationMs" -}}
{{- $number := regexFind "^[0-9]+" . | int -}}
{{- $unit := regexFind "[a-z]+$" . -}}
{{- mul $number (get (dict "ms" 1 "s" 1000 "m" 60000 "h" 3600000) $unit) -}}
{{- end -}}

{{/* The sslmode of a PostgreSQL URL's query, or libpq's default `prefer` without one. */}}
{{- define "upright.urlSslmode" -}}
{{- $query := (urlParse .).query -}}
{{- $found := regexFind "(^|&)sslmode=[^&]*" $query -}}
{{- if $found }}{{ last (splitList "=" $found) }}{{ else }}prefer{{ end -}}
{{- end -}}

{{/* The admin URL of the migration Job: from secrets.values, or (install, upgrade) the existing Secret. */}}
{{- define "upright.databaseAdminUrl" -}}
{{- if not .Values.secrets.existingSecret -}}
{{- .Values.secrets.values.databaseAdminUrl -}}
{{- else -}}
{{- $secret := lookup "v1" "Secret" .Release.Namespace .Values.secrets.existingSecret -}}
{{- with index ($secret.data | default dict) "database-admin-url" }}{{ b64dec . }}{{ end -}}
{{- end -}}
{{- end -}}

{{- /* The BFF's routes that carry a password, the routes of its PasswordLaneGuard (decision 0059):
       sign-up, sign-in, verification (which signs in) and the new password of a reset.
       infra/chart-tests/chart-ingress-limits.spec.ts checks this list against the routes the
       BFF's OpenAPI document marks x-upright-password-lane. */}}
{{- define "upright.passwordPaths" -}}/api/signup /api/signin /api/verify /api/resetpassword{{- end -}}

{{- /* An Ingress to the http ports of the named Services: annotations given (an operator's own
       win), a per-pod cap (nginx.org/max-conns) if maxConns, the TLS blocks if tls, every host
       with the paths given (a host alone when none). */}}
{{- define "upright.ingress" -}}
{{- $root := .root }}
{{- $annotations := .annotations }}
{{- if .maxConns }}
{{- $_ := set $annotations "nginx.org/max-conns" (toString .maxConns) }}
{{- end }}
{{- $paths := .paths }}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ .name }}
  labels:
    {{- include "upright.labels" $root | nindent 4 }}
  {{- with mergeOverwrite $annotations .own }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with $root.Values.ingress.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- if .tls }}
  {{- with $root.Values.ingress.tls }}
  tls:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- end }}
  rules:
    {{- range $root.Values.ingress.hosts }}
    - host: {{ . | quote }}
      {{- if $paths }}
      http:
        paths:
          {{- range $paths }}
          - path: {{ .path }}
            pathType: {{ .pathType }}
            backend:
              service:
                name: {{ .service }}
                port:
                  name: http
          {{- end }}
      {{- end }}
    {{- end }}
{{- end -}}
