{{/*
Names. The prefix is the release name when it contains the chart name, else <release>-<chart>:
`helm install strata` names every object as deploy/base does (strata-correlator, ...).
*/}}
{{- define "strata.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "strata.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* The services: values key -> directory name under services/, HTTP port. */}}
{{- define "strata.services" -}}
deviceIngest: {dir: device-ingest, port: 8081}
k8sWatcher: {dir: k8s-watcher, port: 8082}
traceIngest: {dir: trace-ingest, port: 8083}
correlator: {dir: correlator, port: 8084}
remediator: {dir: remediator, port: 8085}
console: {dir: console, port: 8086}
{{- end }}

{{/* A service's object name: (dict "root" $ "svc" "correlator") -> strata-correlator. */}}
{{- define "strata.svcName" -}}
{{- $dir := get (get (include "strata.services" .root | fromYaml) .svc) "dir" }}
{{- printf "%s-%s" (include "strata.fullname" .root) $dir | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Recommended labels (kubernetes.io/docs/concepts/overview/working-with-objects/common-labels).
name is strata-<service> as in deploy/base; component the service; part-of strata.
(dict "root" $ "svc" "correlator"); svc "" for objects of the whole release.
*/}}
{{- define "strata.labels" -}}
{{ include "strata.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/component: {{ if .svc }}{{ get (get (include "strata.services" .root | fromYaml) .svc) "dir" }}{{ else }}strata{{ end }}
app.kubernetes.io/part-of: strata
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end }}

{{- define "strata.selectorLabels" -}}
app.kubernetes.io/name: {{ if .svc }}strata-{{ get (get (include "strata.services" .root | fromYaml) .svc) "dir" }}{{ else }}strata{{ end }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{/* <repository>/strata-<service>:<tag>. */}}
{{- define "strata.image" -}}
{{- $dir := get (get (include "strata.services" .root | fromYaml) .svc) "dir" }}
{{- printf "%s/strata-%s:%s" .root.Values.image.repository $dir (default .root.Chart.AppVersion .root.Values.image.tag) }}
{{- end }}

{{/*
Sizing presets from docs/SCALING.md and docs/services/device-ingest.md ("Deployment and sizing").
1k is what deploy/base runs. The correlator's heap is 60 % of its memory limit (JAVA_TOOL_OPTIONS):
3Gi gives 1.8 GiB, above SCALING.md's 1-1.5 GiB per instance; ~1.3 cores per instance at 10k+.
Instances: 1 + 1 standby at 1k, 3 at 10k, 31 at 100k (extrapolated there, as SCALING.md says).
*/}}
{{- define "strata.sizing" -}}
1k:
  deviceIngest: {replicas: 2, resources: {requests: {cpu: 500m, memory: 512Mi}, limits: {memory: 1Gi}}}
  k8sWatcher: {replicas: 1, resources: {requests: {cpu: 250m, memory: 768Mi}, limits: {memory: 1536Mi}}}
  traceIngest: {replicas: 2, resources: {requests: {cpu: "1", memory: 768Mi}, limits: {memory: 1536Mi}}}
  correlator: {replicas: 2, partitions: 6, resources: {requests: {cpu: "1", memory: 2Gi}, limits: {memory: 3Gi}}}
  remediator: {replicas: 1, resources: {requests: {cpu: 250m, memory: 512Mi}, limits: {memory: 1Gi}}}
  console: {replicas: 1, resources: {requests: {cpu: 250m, memory: 512Mi}, limits: {memory: 1Gi}}}
10k:
  deviceIngest: {replicas: 2, resources: {requests: {cpu: "1", memory: 768Mi}, limits: {memory: 1536Mi}}}
  k8sWatcher: {replicas: 1, resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {memory: 2Gi}}}
  traceIngest: {replicas: 2, resources: {requests: {cpu: "1", memory: 768Mi}, limits: {memory: 1536Mi}}}
  correlator: {replicas: 3, partitions: 12, resources: {requests: {cpu: 1300m, memory: 2Gi}, limits: {memory: 3Gi}}}
  remediator: {replicas: 1, resources: {requests: {cpu: 250m, memory: 512Mi}, limits: {memory: 1Gi}}}
  console: {replicas: 1, resources: {requests: {cpu: 500m, memory: 768Mi}, limits: {memory: 1536Mi}}}
100k:
  deviceIngest: {replicas: 10, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {memory: 2Gi}}}
  k8sWatcher: {replicas: 1, resources: {requests: {cpu: "1", memory: 2Gi}, limits: {memory: 4Gi}}}
  traceIngest: {replicas: 10, resources: {requests: {cpu: "1", memory: 768Mi}, limits: {memory: 1536Mi}}}
  correlator: {replicas: 31, partitions: 64, resources: {requests: {cpu: 1300m, memory: 2Gi}, limits: {memory: 3Gi}}}
  remediator: {replicas: 1, resources: {requests: {cpu: 500m, memory: 768Mi}, limits: {memory: 1536Mi}}}
  console: {replicas: 1, resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {memory: 2Gi}}}
{{- end }}

{{/* The sizing preset of one service: (dict "root" $ "svc" "correlator"). */}}
{{- define "strata.preset" -}}
{{- $all := include "strata.sizing" .root | fromYaml }}
{{- $size := required "sizing must be one of 1k, 10k, 100k" (get $all (toString .root.Values.sizing)) }}
{{- get $size .svc | toYaml }}
{{- end }}

{{- define "strata.replicas" -}}
{{- $values := get .root.Values .svc }}
{{- if kindIs "invalid" $values.replicas }}{{ get (include "strata.preset" . | fromYaml) "replicas" }}{{ else }}{{ $values.replicas }}{{ end }}
{{- end }}

{{- define "strata.resources" -}}
{{- $values := get .root.Values .svc }}
{{- if $values.resources }}{{ toYaml $values.resources }}{{ else }}{{ get (include "strata.preset" . | fromYaml) "resources" | toYaml }}{{ end }}
{{- end }}

{{- define "strata.partitions" -}}
{{- if kindIs "invalid" .Values.correlator.partitions }}{{ get (include "strata.preset" (dict "root" . "svc" "correlator") | fromYaml) "partitions" }}{{ else }}{{ .Values.correlator.partitions }}{{ end }}
{{- end }}

{{/* JAVA_TOOL_OPTIONS: deploy/base's per service unless <svc>.javaToolOptions is set. */}}
{{- define "strata.javaToolOptions" -}}
{{- $defaults := dict
  "deviceIngest" "-XX:MaxRAMPercentage=75 -Djava.util.concurrent.ForkJoinPool.common.parallelism=2"
  "correlator" "-XX:MaxRAMPercentage=60 -XX:InitialRAMPercentage=60 -XX:+UseG1GC -XX:NewRatio=1 -XX:-UseCodeCacheFlushing" }}
{{- default (default "-XX:MaxRAMPercentage=75" (get $defaults .svc)) (get .root.Values .svc).javaToolOptions }}
{{- end }}

{{/* Kafka: bootstrap servers, the CA Secret, a service's credentials Secret. */}}
{{- define "strata.kafka.bootstrap" -}}
{{- if .Values.kafka.bootstrapServers }}{{ .Values.kafka.bootstrapServers }}
{{- else if .Values.kafka.strimzi.enabled }}{{ printf "%s-kafka-bootstrap:9093" .Values.kafka.strimzi.clusterName }}
{{- else }}{{ fail "kafka.bootstrapServers is required when kafka.strimzi.enabled is false" }}
{{- end }}
{{- end }}

{{- define "strata.kafka.caSecret" -}}
{{- if .Values.kafka.tls.caSecret.name }}{{ .Values.kafka.tls.caSecret.name }}
{{- else if .Values.kafka.strimzi.enabled }}{{ printf "%s-cluster-ca-cert" .Values.kafka.strimzi.clusterName }}
{{- else }}{{ fail "kafka.tls.caSecret.name is required when kafka.tls.enabled and kafka.strimzi.enabled is false" }}
{{- end }}
{{- end }}

{{- define "strata.kafka.userSecret" -}}
{{- $name := get .root.Values.kafka.auth.secrets .svc }}
{{- if $name }}{{ $name }}{{ else }}{{ include "strata.svcName" . }}-kafka{{ end }}
{{- end }}

{{- define "strata.kafka.protocol" -}}
{{- $auth := .Values.kafka.auth.type }}
{{- if and (eq $auth "tls") (not .Values.kafka.tls.enabled) }}{{ fail "kafka.auth.type tls needs kafka.tls.enabled" }}{{ end }}
{{- if eq $auth "scram-sha-512" }}{{ if .Values.kafka.tls.enabled }}SASL_SSL{{ else }}SASL_PLAINTEXT{{ end }}
{{- else }}{{ if .Values.kafka.tls.enabled }}SSL{{ else }}PLAINTEXT{{ end }}
{{- end }}
{{- end }}

{{/*
A service's Kafka credentials as env entries (ADR 010); Quarkus maps KAFKA_* onto kafka.* client
properties. With "streams" also the correlator's quarkus.kafka-streams.* keys, which Kafka Streams
reads instead of kafka.*.
*/}}
{{- define "strata.kafka.env" -}}
{{- $root := .root }}
{{- $user := include "strata.kafka.userSecret" . }}
{{- $ca := "" }}
{{- if $root.Values.kafka.tls.enabled }}{{ $ca = include "strata.kafka.caSecret" $root }}{{ end }}
{{- $common := printf "%s-common" (include "strata.fullname" $root) }}
{{- $auth := $root.Values.kafka.auth.type }}
{{- $prefixes := list "KAFKA" }}
{{- if .streams }}{{ $prefixes = list "KAFKA" "QUARKUS_KAFKA_STREAMS" }}{{ end }}
{{- range $prefix := $prefixes }}
{{- if eq $prefix "QUARKUS_KAFKA_STREAMS" }}
- name: QUARKUS_KAFKA_STREAMS_SECURITY_PROTOCOL
  valueFrom:
    configMapKeyRef: {name: {{ $common }}, key: KAFKA_SECURITY_PROTOCOL}
{{- if eq $auth "scram-sha-512" }}
- name: QUARKUS_KAFKA_STREAMS_SASL_MECHANISM
  valueFrom:
    configMapKeyRef: {name: {{ $common }}, key: KAFKA_SASL_MECHANISM}
{{- end }}
{{- if $ca }}
- name: QUARKUS_KAFKA_STREAMS_SSL_TRUSTSTORE_TYPE
  valueFrom:
    configMapKeyRef: {name: {{ $common }}, key: KAFKA_SSL_TRUSTSTORE_TYPE}
{{- end }}
{{- if eq $auth "tls" }}
- name: QUARKUS_KAFKA_STREAMS_SSL_KEYSTORE_TYPE
  valueFrom:
    configMapKeyRef: {name: {{ $common }}, key: KAFKA_SSL_KEYSTORE_TYPE}
{{- end }}
{{- end }}
{{- if eq $auth "scram-sha-512" }}
- name: {{ $prefix }}_SASL_JAAS_CONFIG
  valueFrom:
    secretKeyRef: {name: {{ $user }}, key: sasl.jaas.config}
{{- else if eq $auth "tls" }}
- name: {{ $prefix }}_SSL_KEYSTORE_CERTIFICATE_CHAIN
  valueFrom:
    secretKeyRef: {name: {{ $user }}, key: user.crt}
- name: {{ $prefix }}_SSL_KEYSTORE_KEY
  valueFrom:
    secretKeyRef: {name: {{ $user }}, key: user.key}
{{- end }}
{{- if $ca }}
- name: {{ $prefix }}_SSL_TRUSTSTORE_CERTIFICATES
  valueFrom:
    secretKeyRef: {name: {{ $ca }}, key: {{ $root.Values.kafka.tls.caSecret.key }}}
{{- end }}
{{- end }}
{{- end }}

{{/* Pod- and container-level security of every Strata pod (Pod Security "restricted"). */}}
{{- define "strata.podSecurityContext" -}}
runAsNonRoot: true
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "strata.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end }}

{{/* Quarkus health probes on the port named http: (dict "startupFailures" 60 "readinessFailures" 3). */}}
{{- define "strata.probes" -}}
startupProbe:
  httpGet:
    path: /q/health/started
    port: http
  periodSeconds: 2
  failureThreshold: {{ .startupFailures }}
livenessProbe:
  httpGet:
    path: /q/health/live
    port: http
  periodSeconds: 10
  failureThreshold: 3
readinessProbe:
  httpGet:
    path: /q/health/ready
    port: http
  periodSeconds: 5
  failureThreshold: {{ .readinessFailures }}
{{- end }}

{{/* Scheduling and pull secrets of a pod: (dict "root" $ "svc" "correlator"). */}}
{{- define "strata.podScheduling" -}}
{{- $values := get .root.Values .svc }}
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets:
{{- range . }}
  - name: {{ . }}
{{- end }}
{{- end }}
{{- with $values.nodeSelector }}
nodeSelector: {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.tolerations }}
tolerations: {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.affinity }}
affinity: {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
Objects of a generated or copied file under files/ (one YAML document each): (dict "root" $ "file" path).
Returns a YAML list so templates can adjust each object before writing it.
*/}}
{{- define "strata.fileObjects" -}}
{{- $objects := list }}
{{- range $doc := splitList "\n---\n" (.root.Files.Get .file) }}
{{- $object := fromYaml $doc }}
{{- if and $object (hasKey $object "kind") }}
{{- $objects = append $objects $object }}
{{- end }}
{{- end }}
{{- toYaml $objects }}
{{- end }}

{{/* The remediator's env and envFrom, the same as a Deployment or a Knative Service. */}}
{{- define "strata.remediator.env" -}}
{{- $name := include "strata.svcName" . }}
{{- $common := printf "%s-common" (include "strata.fullname" .root) }}
env:
  - name: STRATA_REMEDIATOR_CLUSTER
    valueFrom:
      configMapKeyRef:
        name: {{ $common }}
        key: STRATA_CLUSTER
  # The journal's verification keys (ADR 052); they must list the Secret's signing key id.
  - name: STRATA_REMEDIATOR_SIGNING_VERIFICATION_KEYS
    valueFrom:
      configMapKeyRef:
        name: {{ $common }}
        key: STRATA_JOURNAL_VERIFICATION_KEYS
  - name: JAVA_TOOL_OPTIONS
    value: {{ include "strata.javaToolOptions" . | quote }}
  {{- with .root.Values.remediator.pagerduty }}
  {{- if .enabled }}
  # Not optional: enabled without the key, the pod does not start and its events name the Secret.
  - name: PAGERDUTY_ROUTING_KEY
    valueFrom:
      secretKeyRef:
        name: {{ default (default $name $.root.Values.remediator.existingSecret) .existingSecret }}
        key: {{ .routingKeyKey }}
  {{- end }}
  {{- end }}
  {{- include "strata.kafka.env" . | trim | nindent 2 }}
envFrom:
  - configMapRef:
      name: {{ $common }}
  - configMapRef:
      name: {{ $name }}
  # STRATA_REMEDIATOR_SIGNING_PRIVATE_KEY, STRATA_REMEDIATOR_SIGNING_KEY_ID (required: the journal's
  # Ed25519 signing key, ADR 052), SLACK_WEBHOOK_URL,
  # SLACK_SIGNING_SECRET, STRATA_REMEDIATOR_SLACK_ALLOWED_USERS, STRATA_REMEDIATOR_API_TOKENS_<PRINCIPAL>,
  # the Teams values and PAGERDUTY_ROUTING_KEY (docs/DEPLOY.md 5b, 5c).
  - secretRef:
      name: {{ default $name .root.Values.remediator.existingSecret }}
      optional: true
{{- end }}

{{/* The console's env and envFrom, the same as a Deployment or a Knative Service. */}}
{{- define "strata.console.env" -}}
{{- $name := include "strata.svcName" . }}
env:
  # The remediator journal's verification keys (ADR 052): only records they verify are an action's state.
  - name: STRATA_CONSOLE_JOURNAL_VERIFICATION_KEYS
    valueFrom:
      configMapKeyRef:
        name: {{ include "strata.fullname" .root }}-common
        key: STRATA_JOURNAL_VERIFICATION_KEYS
  - name: JAVA_TOOL_OPTIONS
    value: {{ include "strata.javaToolOptions" . | quote }}
  {{- include "strata.kafka.env" . | trim | nindent 2 }}
envFrom:
  - configMapRef:
      name: {{ include "strata.fullname" .root }}-common
  - configMapRef:
      name: {{ $name }}
  # STRATA_CONSOLE_CORRELATOR_TOKEN: a VIEWER token of the correlator's API (docs/services/console.md).
  - secretRef:
      name: {{ default $name .root.Values.console.existingSecret }}
      optional: true
{{- end }}
