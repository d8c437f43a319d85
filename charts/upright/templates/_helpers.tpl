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

{{- define "upright.image" -}}
{{- $root := index . 0 -}}
{{- printf "%s/%s:%s" $root.Values.image.registry (index . 1) (default $root.Chart.AppVersion $root.Values.image.tag) -}}
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

{{/* Every container listens on this port; probes, Services and policies use it. */}}
{{- define "upright.httpPort" -}}8080{{- end -}}

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

{{/* One egress rule of networkPolicy.egress. Args: (list $rule "TCP" ["UDP"]). */}}
{{- define "upright.egressRule" -}}
{{- $rule := index . 0 -}}
{{- $protocols := rest . -}}
- ports:
    {{- range $rule.ports }}
    {{- $port := . }}
    {{- range $protocols }}
    - { port: {{ $port }}, protocol: {{ . }} }
    {{- end }}
    {{- end }}
  {{- with $rule.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
