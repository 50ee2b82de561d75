package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.MergePatches;
import org.junit.jupiter.api.Test;

class MergePatchesTest {

  @Test
  void inverseRestoresAPreviousValue() {
    ObjectNode node =
        KubeJson.parseObject("{\"spec\":{\"unschedulable\":false,\"podCIDR\":\"x\"}}");
    ObjectNode patch = KubeJson.parseObject("{\"spec\":{\"unschedulable\":true}}");

    ObjectNode inverse = MergePatches.inverse(patch, node);

    assertThat(KubeJson.write(inverse)).isEqualTo("{\"spec\":{\"unschedulable\":false}}");
    assertThat(roundTrip(node, patch, inverse)).isEqualTo(node);
  }

  @Test
  void inverseDeletesWhatWasAbsent() {
    ObjectNode node = KubeJson.parseObject("{\"metadata\":{\"name\":\"n1\"},\"spec\":{}}");
    ObjectNode patch = KubeJson.parseObject("{\"spec\":{\"unschedulable\":true}}");

    ObjectNode inverse = MergePatches.inverse(patch, node);

    assertThat(KubeJson.write(inverse)).isEqualTo("{\"spec\":{\"unschedulable\":null}}");
    assertThat(roundTrip(node, patch, inverse)).isEqualTo(node);
  }

  @Test
  void inverseOfAWholeNewSubtreeDeletesOnlyTheLeavesItWrote() {
    ObjectNode node = KubeJson.parseObject("{\"metadata\":{\"name\":\"svc\"}}");
    ObjectNode patch =
        KubeJson.parseObject("{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":4}}}}");

    ObjectNode inverse = MergePatches.inverse(patch, node);

    assertThat(KubeJson.write(inverse))
        .isEqualTo("{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":null}}}}");
    // What is left is empty objects, which the API server treats as absent.
    assertThat(roundTrip(node, patch, inverse))
        .isEqualTo(
            KubeJson.parseObject(
                "{\"metadata\":{\"name\":\"svc\"},\"spec\":{\"template\":{\"spec\":{}}}}"));
  }

  @Test
  void undoingAnnotationsAddedToAnObjectWithoutAnyKeepsWhatOthersAddedSince() {
    ObjectNode pod = KubeJson.parseObject("{\"metadata\":{\"name\":\"llm-0\"}}");
    ObjectNode patch = KubeJson.parseObject("{\"metadata\":{\"annotations\":{\"p\":\"true\"}}}");

    ObjectNode inverse = MergePatches.inverse(patch, pod);
    JsonNode patched = MergePatches.apply(pod, patch);
    JsonNode annotatedSince =
        MergePatches.apply(
            patched, KubeJson.parseObject("{\"metadata\":{\"annotations\":{\"o\":\"1\"}}}"));

    assertThat(KubeJson.write(inverse)).isEqualTo("{\"metadata\":{\"annotations\":{\"p\":null}}}");
    assertThat(MergePatches.apply(annotatedSince, inverse))
        .isEqualTo(
            KubeJson.parseObject(
                "{\"metadata\":{\"name\":\"llm-0\",\"annotations\":{\"o\":\"1\"}}}"));
  }

  @Test
  void arraysAreRestoredWhole() {
    ObjectNode node =
        KubeJson.parseObject(
            "{\"spec\":{\"traffic\":[{\"latestRevision\":true,\"percent\":100}],\"x\":1}}");
    ObjectNode patch =
        KubeJson.parseObject(
            "{\"spec\":{\"traffic\":[{\"revisionName\":\"r1\",\"percent\":100}]}}");

    ObjectNode inverse = MergePatches.inverse(patch, node);

    assertThat(inverse.at("/spec/traffic/0/latestRevision").asBoolean()).isTrue();
    assertThat(roundTrip(node, patch, inverse)).isEqualTo(node);
  }

  @Test
  void unchangedValuesAreLeftOutOfTheInverse() {
    ObjectNode node = KubeJson.parseObject("{\"spec\":{\"unschedulable\":true}}");
    ObjectNode patch = KubeJson.parseObject("{\"spec\":{\"unschedulable\":true}}");

    assertThat(MergePatches.inverse(patch, node).isEmpty()).isTrue();
  }

  @Test
  void aDeletionIsUndoneByTheOldValue() {
    ObjectNode node =
        KubeJson.parseObject("{\"metadata\":{\"annotations\":{\"a\":\"1\",\"b\":\"2\"}}}");
    ObjectNode patch = KubeJson.parseObject("{\"metadata\":{\"annotations\":{\"a\":null}}}");

    ObjectNode inverse = MergePatches.inverse(patch, node);

    assertThat(KubeJson.write(inverse)).isEqualTo("{\"metadata\":{\"annotations\":{\"a\":\"1\"}}}");
    assertThat(roundTrip(node, patch, inverse)).isEqualTo(node);
  }

  private static JsonNode roundTrip(ObjectNode node, ObjectNode patch, ObjectNode inverse) {
    JsonNode patched = MergePatches.apply(node, patch);
    assertThat(patched).isNotEqualTo(node);
    return MergePatches.apply(patched, inverse);
  }
}
