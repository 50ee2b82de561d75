package io.strata.simulator.k8s;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/**
 * The simulated cluster's Kubernetes API: fabric8's KubernetesMockServer in CRUD mode (create, get,
 * list, watch, patch, update behave like an API server's storage), standalone on a fixed port, with
 * API discovery as a real cluster answers it (kube-test's ApiDiscovery): the built-in groups and
 * resource.k8s.io/v1, serving.knative.dev/v1 and kueue.x-k8s.io/v1beta2 (Kueue's v1beta1 is no
 * longer served, as since kubernetes-sigs/kueue#14558).
 */
public final class MockKubernetesApi implements AutoCloseable {

  public static final ResourceDefinitionContext KNATIVE_SERVICES =
      context(Labels.KNATIVE_GROUP, "v1", "Service", "services", true);
  public static final ResourceDefinitionContext KNATIVE_CONFIGURATIONS =
      context(Labels.KNATIVE_GROUP, "v1", "Configuration", "configurations", true);
  public static final ResourceDefinitionContext KNATIVE_REVISIONS =
      context(Labels.KNATIVE_GROUP, "v1", "Revision", "revisions", true);

  private static final List<CustomResourceDefinitionContext> DISCOVERABLE =
      List.of(
          crd("resource.k8s.io", "v1", "ResourceClaim", "resourceclaims", true),
          crd("resource.k8s.io", "v1", "ResourceSlice", "resourceslices", false),
          crd("resource.k8s.io", "v1", "DeviceClass", "deviceclasses", false),
          crd("resource.k8s.io", "v1", "ResourceClaimTemplate", "resourceclaimtemplates", true),
          crd(Labels.KNATIVE_GROUP, "v1", "Service", "services", true),
          crd(Labels.KNATIVE_GROUP, "v1", "Configuration", "configurations", true),
          crd(Labels.KNATIVE_GROUP, "v1", "Revision", "revisions", true),
          crd("kueue.x-k8s.io", "v1beta2", "LocalQueue", "localqueues", true),
          crd("kueue.x-k8s.io", "v1beta2", "ClusterQueue", "clusterqueues", false));

  /** Held so the level sticks: the mock server logs every request at INFO through JUL. */
  private static final java.util.logging.Logger MOCK_SERVER_LOG =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  private final KubernetesMockServer server;
  private final String host;
  private final PatchLog patchLog;

  private MockKubernetesApi(KubernetesMockServer server, String host, PatchLog patchLog) {
    this.server = server;
    this.host = host;
    this.patchLog = patchLog;
  }

  /** Starts the server on host:port (port 0 picks a free port). */
  public static MockKubernetesApi start(String host, int port) {
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
    Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
    PatchLog patchLog = new PatchLog(Clock.systemUTC());
    KubernetesMixedDispatcher dispatcher =
        new RecordingDispatcher(responses, DISCOVERABLE, patchLog);
    KubernetesMockServer server =
        new KubernetesMockServer(new Context(), new MockWebServer(), responses, dispatcher, false);
    try {
      server.init(InetAddress.getByName(host), port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the Kubernetes mock server on " + port, e);
    }
    return new MockKubernetesApi(server, host, patchLog);
  }

  /** The PATCHes carrying a Strata action marker, and the fault tests' hold (off by default). */
  public PatchLog patchLog() {
    return patchLog;
  }

  public String url() {
    return "http://" + host + ":" + server.getPort();
  }

  public int port() {
    return server.getPort();
  }

  public KubernetesClient newClient() {
    return server.createClient();
  }

  /** A kubeconfig pointing at this server, for KUBECONFIG or kubectl. */
  public Path writeKubeconfig(Path file) throws IOException {
    String yaml =
        String.join(
            "\n",
            "apiVersion: v1",
            "kind: Config",
            "clusters:",
            "- name: strata-sim",
            "  cluster:",
            "    server: " + url(),
            "    insecure-skip-tls-verify: true",
            "contexts:",
            "- name: strata-sim",
            "  context:",
            "    cluster: strata-sim",
            "    user: strata-sim",
            "    namespace: default",
            "current-context: strata-sim",
            "users:",
            "- name: strata-sim",
            "  user:",
            "    token: strata-simulator",
            "");
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, yaml, StandardCharsets.UTF_8);
    return file;
  }

  @Override
  public void close() {
    server.destroy();
  }

  private static ResourceDefinitionContext context(
      String group, String version, String kind, String plural, boolean namespaced) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(namespaced)
        .build();
  }

  private static CustomResourceDefinitionContext crd(
      String group, String version, String kind, String plural, boolean namespaced) {
    return new CustomResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withScope(namespaced ? "Namespaced" : "Cluster")
        .withName(plural + "." + group)
        .build();
  }
}
