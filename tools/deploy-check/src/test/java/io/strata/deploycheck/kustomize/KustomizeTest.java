package io.strata.deploycheck.kustomize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kustomize subset on small trees: what it renders, and what it refuses. */
class KustomizeTest {

  @TempDir Path dir;

  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: app
      spec:
        replicas: 2
        template:
          spec:
            containers:
              - name: app
                image: strata/app:1
                env:
                  - name: A
                    value: "1"
                  - name: B
                    value: "2"
              - name: sidecar
                image: other/sidecar
      """;

  @Test
  void rendersResourcesPatchesImagesAndNamespaceInKustomizeOrder() throws IOException {
    write("base/kustomization.yaml", "resources: [app.yaml, role.yaml]\n");
    write("base/app.yaml", DEPLOYMENT);
    write(
        "base/role.yaml",
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: r}\n");
    write(
        "overlay/kustomization.yaml",
        """
        namespace: ns
        resources: [../base]
        patches:
          - path: patch.yaml
        images:
          - name: strata/app
            newName: registry.example.com/strata/app
            newTag: "2"
        """);
    write(
        "overlay/patch.yaml",
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: app}
        spec:
          replicas: null
          template:
            spec:
              containers:
                - name: app
                  env:
                    - name: B
                      value: "3"
                    - name: A
                      $patch: delete
                    - name: C
                      value: "4"
        """);

    Rendering rendering = Kustomize.render(dir.resolve("overlay"));

    ObjectNode app = rendering.find("apps/v1", "Deployment", "app").orElseThrow();
    assertThat(app.at("/metadata/namespace").asText()).isEqualTo("ns");
    assertThat(app.at("/spec").has("replicas")).isFalse();
    assertThat(app.at("/spec/template/spec/containers/0/env").toString())
        .isEqualTo("[{\"name\":\"B\",\"value\":\"3\"},{\"name\":\"C\",\"value\":\"4\"}]");
    assertThat(app.at("/spec/template/spec/containers/0/image").asText())
        .isEqualTo("registry.example.com/strata/app:2");
    assertThat(app.at("/spec/template/spec/containers/1/image").asText())
        .isEqualTo("other/sidecar");
    ObjectNode role =
        rendering.find("rbac.authorization.k8s.io/v1", "ClusterRole", "r").orElseThrow();
    assertThat(role.at("/metadata").has("namespace")).as("cluster-scoped").isFalse();
    assertThat(rendering.files()).hasSize(5);
  }

  @Test
  void aDeletePatchRemovesTheObjectOfThatKindOnly() throws IOException {
    write("kustomization.yaml", "resources: [objects.yaml]\npatches:\n  - path: delete.yaml\n");
    write(
        "objects.yaml",
        """
        apiVersion: v1
        kind: Service
        metadata: {name: x}
        ---
        apiVersion: serving.knative.dev/v1
        kind: Service
        metadata: {name: x}
        """);
    write("delete.yaml", "$patch: delete\napiVersion: v1\nkind: Service\nmetadata: {name: x}\n");

    Rendering rendering = Kustomize.render(dir);

    assertThat(rendering.objects()).hasSize(1);
    assertThat(rendering.objects().get(0).path("apiVersion").asText())
        .isEqualTo("serving.knative.dev/v1");
  }

  @Test
  void generatesConfigMapsFromFilesAndLiterals() throws IOException {
    write(
        "kustomization.yaml",
        """
        configMapGenerator:
          - name: dashboards
            files: [d/one.json, renamed.json=d/two.json]
            literals: [k=v]
            options:
              disableNameSuffixHash: true
              labels: {grafana_dashboard: "1"}
        """);
    write("d/one.json", "{\"a\":1}\n");
    write("d/two.json", "{}");

    ObjectNode map = Kustomize.render(dir).find("v1", "ConfigMap", "dashboards").orElseThrow();

    assertThat(map.at("/data/one.json").asText()).isEqualTo("{\"a\":1}\n");
    assertThat(map.at("/data/renamed.json").asText()).isEqualTo("{}");
    assertThat(map.at("/data/k").asText()).isEqualTo("v");
    assertThat(map.at("/metadata/labels/grafana_dashboard").asText()).isEqualTo("1");
  }

  @Test
  void refusesWhatItDoesNotImplement() throws IOException {
    write("kustomization.yaml", "resources: []\ncommonLabels: {a: b}\n");
    assertThatThrownBy(() -> Kustomize.render(dir))
        .isInstanceOf(KustomizeException.class)
        .hasMessageContaining("unsupported kustomize field 'commonLabels'");

    write("kustomization.yaml", "configMapGenerator:\n  - name: x\n    literals: [a=b]\n");
    assertThatThrownBy(() -> Kustomize.render(dir)).hasMessageContaining("disableNameSuffixHash");
  }

  @Test
  void refusesPatchesWithoutTargetDuplicatesAndFilesOutsideTheDirectory() throws IOException {
    write("k/kustomization.yaml", "resources: [a.yaml]\npatches:\n  - path: p.yaml\n");
    write("k/a.yaml", DEPLOYMENT);
    write("k/p.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: other}\n");
    assertThatThrownBy(() -> Kustomize.render(dir.resolve("k")))
        .hasMessageContaining("matches 0 objects");

    write(
        "k/p.yaml",
        "$patch: delete\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: app}\n---\n"
            + "$patch: delete\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: app}\n");
    assertThatThrownBy(() -> Kustomize.render(dir.resolve("k")))
        .hasMessageContaining("one patch per file");

    write("k/kustomization.yaml", "resources: [a.yaml, a.yaml]\n");
    assertThatThrownBy(() -> Kustomize.render(dir.resolve("k")))
        .hasMessageContaining("defined twice");

    write("outside.yaml", DEPLOYMENT);
    write("k/kustomization.yaml", "resources: [../outside.yaml]\n");
    assertThatThrownBy(() -> Kustomize.render(dir.resolve("k")))
        .hasMessageContaining("load restrictor");
  }

  private void write(String file, String text) throws IOException {
    Path path = dir.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }
}
