package io.strata.remediator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.events.remediation.TargetRef;
import io.strata.kubetest.CrudApiServer;
import io.strata.kubetest.KubeAccess;
import io.strata.kubetest.KubeAccess.Permission;
import io.strata.kubetest.ServedApis;
import io.strata.remediator.core.cluster.ApiResource;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.mechanisms.Kinds;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ClusterRole in deploy/base/remediator/rbac.yaml grants exactly what the remediator's
 * Kubernetes access asks for. Every Kubernetes call of the service goes through {@link
 * TargetGateway}; this test calls every method of it, reading and patching every kind of target the
 * gateway accepts, against the fabric8 CRUD mock server serving each kind at its newest version,
 * and compares the permissions of the requests made with those the ClusterRole grants: nothing
 * missing, nothing unused. A new gateway method fails the test until it is exercised here (and its
 * permission granted). API discovery needs no rule of the remediator's own: the default
 * system:discovery ClusterRole grants it to every authenticated account (KubeAccess checks each
 * discovery request against that role).
 */
class KubeAccessRbacTest {

  /**
   * Targets of every kind a remediation may address, and a ReplicaSet, which the gateway reads but
   * refuses to patch; the gateway refuses the ones it does not patch.
   */
  private static final List<TargetRef> TARGETS =
      java.util.stream.Stream.concat(
              java.util.Arrays.stream(Kinds.values())
                  .map(k -> k.ref(k == Kinds.NODE ? null : "ml", name(k))),
              java.util.stream.Stream.of(new TargetRef("apps/v1", "ReplicaSet", "ml", "batcher-1")))
          .toList();

  private KubernetesMockServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    ServedApis served = ServedApis.kubernetes();
    for (ApiResource r : Kinds.resources()) {
      served.serve(r.group(), r.newest(), r.kind(), r.plural(), r.namespaced());
    }
    server = CrudApiServer.start(served, CustomKinds.ALL);
    client = server.createClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  @Test
  void everyGatewayCallIsGrantedAndEveryGrantIsUsed() throws Exception {
    seed();
    KubeAccess.drain(server);
    FabricTargetGateway gateway = new FabricTargetGateway(client, "nvidia.com/gpu.present=true");

    Map<String, List<Object[]>> calls = new HashMap<>();
    for (TargetRef target : TARGETS) {
      calls.computeIfAbsent("read", k -> new java.util.ArrayList<>()).add(new Object[] {target});
      for (String method : List.of("mergePatch", "mergePatchStatus")) {
        calls
            .computeIfAbsent(method, k -> new java.util.ArrayList<>())
            .add(new Object[] {target, "{\"metadata\":{\"annotations\":{\"a\":\"b\"}}}", null});
      }
    }
    // Unknown names try every workload kind in turn.
    calls.put(
        "resolveWorkload", List.of(new Object[] {"ml", "llm"}, new Object[] {"ml", "absent"}));
    calls.put("workloadOfPod", List.<Object[]>of(new Object[] {"ml", "llm-0"}));
    calls.put("replicaSets", List.<Object[]>of(new Object[] {"ml", "batcher"}));
    calls.put("podNode", List.<Object[]>of(new Object[] {"ml", "llm-0"}));
    calls.put("gpuNodes", List.<Object[]>of(new Object[] {}));
    calls.put("knativeRevisions", List.<Object[]>of(new Object[] {"ml", "llm"}));

    for (Method method : TargetGateway.class.getMethods()) {
      if (Modifier.isStatic(method.getModifiers()) || method.isDefault()) {
        continue;
      }
      assertThat(calls)
          .as("TargetGateway." + method.getName() + " is not exercised by this test")
          .containsKey(method.getName());
      for (Object[] args : calls.get(method.getName())) {
        invoke(gateway, method, args);
      }
    }
    KubeAccess.Recorded gatewayAccess = KubeAccess.recordedAccess(server);
    assertThat(gatewayAccess.discovery())
        .as("API discovery, granted by system:discovery rather than deploy/ RBAC")
        .contains(
            "/api",
            "/apis",
            "/api/v1",
            "/apis/apps/v1",
            "/apis/batch/v1",
            "/apis/kueue.x-k8s.io/v1beta2",
            "/apis/jobset.x-k8s.io/v1",
            "/apis/leaderworkerset.x-k8s.io/v1",
            "/apis/serving.knative.dev/v1",
            "/apis/serving.kserve.io/v1beta1");
    Set<Permission> used = new TreeSet<>(gatewayAccess.permissions());
    // The leader election's Lease: acquired (get, create), then renewed (a merge patch).
    Permission renew = new Permission("coordination.k8s.io", "leases", "patch");
    try (Leadership lease =
        new Leadership(
            client,
            new Leadership.Settings(
                "strata",
                "strata-remediator",
                "rbac-test",
                java.time.Duration.ofSeconds(2),
                java.time.Duration.ofMillis(1500),
                java.time.Duration.ofMillis(250)))) {
      lease.start(
          new Leadership.Listener() {
            @Override
            public void startedLeading() {}

            @Override
            public void stoppedLeading() {}
          });
      org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(20))
          .until(
              () -> {
                used.addAll(KubeAccess.recorded(server));
                return lease.leading() && used.contains(renew);
              });
    }

    // The policy ConfigMap's informer: a list, then a watch, both by name.
    Permission watch = new Permission("", "configmaps", "watch");
    PolicyConfigMapWatch policy =
        new PolicyConfigMapWatch(
            client,
            "strata",
            "strata-remediator-policy",
            "policy.yaml",
            new ActivePolicy(),
            java.time.Clock.systemUTC(),
            refusal -> {},
            error -> {});
    try {
      org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(20))
          .until(
              () -> {
                used.addAll(KubeAccess.recorded(server));
                return used.contains(watch);
              });
    } finally {
      policy.close();
    }

    Set<Permission> granted = KubeAccess.granted(client, KubeAccess.rbacOf("remediator"));
    assertThat(used)
        .as(
            "requests the gateway and the election made, against "
                + KubeAccess.rbacOf("remediator"))
        .isEqualTo(granted);
    assertThat(granted)
        .filteredOn(p -> !p.resource().equals("leases") && !p.resource().equals("configmaps"))
        .extracting(Permission::verb)
        .as("no create, update, delete or eviction; create only of the Lease")
        .containsOnly("get", "list", "patch");
    assertThat(granted)
        .filteredOn(p -> p.resource().equals("leases"))
        .extracting(Permission::verb)
        .containsExactlyInAnyOrder("get", "create", "patch");
    assertThat(granted)
        .as("the policy ConfigMap is only read")
        .filteredOn(p -> p.resource().equals("configmaps"))
        .extracting(Permission::verb)
        .containsExactlyInAnyOrder("list", "watch");
    assertThat(granted)
        .as("a pod is only ever patched through its status (the readiness-gate condition)")
        .contains(new Permission("", "pods/status", "patch"))
        .doesNotContain(new Permission("", "pods", "patch"));
  }

  /**
   * Calls one gateway method; a refused kind (no request made) is the gateway's answer, not an
   * error.
   */
  private static void invoke(TargetGateway gateway, Method method, Object[] args)
      throws IllegalAccessException {
    try {
      method.invoke(gateway, args);
    } catch (InvocationTargetException e) {
      if (!(e.getCause() instanceof TargetException)) {
        throw new AssertionError(method.getName() + Arrays.toString(args), e.getCause());
      }
    }
  }

  private void seed() {
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName("gpu-1")
                .addToLabels("nvidia.com/gpu.present", "true")
                .endMetadata()
                .build())
        .create();
    client
        .pods()
        .inNamespace("ml")
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("llm-0")
                .withNamespace("ml")
                .addNewOwnerReference()
                .withApiVersion("apps/v1")
                .withKind("ReplicaSet")
                .withName("batcher-1")
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .withNewSpec()
                .withNodeName("gpu-1")
                .endSpec()
                .build())
        .create();
    client
        .apps()
        .deployments()
        .inNamespace("ml")
        .resource(
            new DeploymentBuilder()
                .withNewMetadata()
                .withName("batcher")
                .withNamespace("ml")
                .endMetadata()
                .build())
        .create();
    client
        .apps()
        .replicaSets()
        .inNamespace("ml")
        .resource(
            new ReplicaSetBuilder()
                .withNewMetadata()
                .withName("batcher-1")
                .withNamespace("ml")
                .addNewOwnerReference()
                .withApiVersion("apps/v1")
                .withKind("Deployment")
                .withName("batcher")
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .build())
        .create();
    // One object of every other kind an action patches, so each patch reaches the server.
    for (Kinds kind :
        List.of(
            Kinds.STATEFUL_SET,
            Kinds.JOB,
            Kinds.JOB_SET,
            Kinds.LEADER_WORKER_SET,
            Kinds.KNATIVE_SERVICE,
            Kinds.INFERENCE_SERVICE,
            Kinds.LOCAL_QUEUE)) {
      GenericKubernetesResource object =
          client
              .getKubernetesSerialization()
              .unmarshal(
                  "{\"apiVersion\":\""
                      + kind.apiVersion()
                      + "\",\"kind\":\""
                      + kind.kind()
                      + "\",\"metadata\":{\"name\":\"llm\",\"namespace\":\"ml\"}}",
                  GenericKubernetesResource.class);
      client
          .genericKubernetesResources(KubeKinds.context(kind.resource(), kind.resource().newest()))
          .inNamespace("ml")
          .resource(object)
          .create();
    }
    createCustom(
        CustomKinds.KNATIVE_REVISIONS,
        "{\"apiVersion\":\"serving.knative.dev/v1\",\"kind\":\"Revision\","
            + "\"metadata\":{\"name\":\"llm-00001\",\"namespace\":\"ml\","
            + "\"labels\":{\"serving.knative.dev/service\":\"llm\"}}}");
  }

  /** The name each kind's seeded (or, for custom kinds not seeded, absent) object has. */
  private static String name(Kinds kind) {
    return switch (kind) {
      case NODE -> "gpu-1";
      case POD -> "llm-0";
      case DEPLOYMENT -> "batcher";
      default -> "llm";
    };
  }

  private void createCustom(CustomResourceDefinitionContext context, String json) {
    GenericKubernetesResource resource =
        client.getKubernetesSerialization().unmarshal(json, GenericKubernetesResource.class);
    client.genericKubernetesResources(context).inNamespace("ml").resource(resource).create();
  }
}
