package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule;
import io.strata.deploycheck.kustomize.YamlDocuments;
import org.junit.jupiter.api.Test;

/** The typed binding fails on fields the models do not know, however deep. */
class TypedModelsTest {

  @Test
  void aMisspelledNestedFieldFailsWithItsPath() throws Exception {
    ObjectNode deployment =
        (ObjectNode)
            YamlDocuments.mapper()
                .readTree(
                    """
                    apiVersion: apps/v1
                    kind: Deployment
                    metadata: {name: x}
                    spec:
                      template:
                        spec:
                          containers:
                            - name: c
                              image: i
                              livenessprobe: {httpGet: {path: /q/health/live, port: 8080}}
                    """);
    assertThatThrownBy(() -> TypedModels.bind(deployment, Deployment.class))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(".spec.template.spec.containers[0].livenessprobe");
  }

  @Test
  void aWrongTypeFails() throws Exception {
    ObjectNode rule =
        (ObjectNode)
            YamlDocuments.mapper()
                .readTree(
                    """
                    apiVersion: monitoring.coreos.com/v1
                    kind: PrometheusRule
                    metadata: {name: x}
                    spec:
                      groups:
                        - name: g
                          rules: {alert: A}
                    """);
    assertThatThrownBy(() -> TypedModels.bind(rule, PrometheusRule.class))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void aCorrectObjectBinds() throws Exception {
    ObjectNode deployment =
        (ObjectNode)
            YamlDocuments.mapper()
                .readTree(
                    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replicas: 2}\n");
    assertThat(TypedModels.bind(deployment, Deployment.class).getSpec().getReplicas()).isEqualTo(2);
  }
}
