package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.remediator.core.patch.JsonPatches;
import io.strata.remediator.core.patch.KubeJson;
import org.junit.jupiter.api.Test;

/** A merge patch as the JSON Patch the gateway sends: same meaning, every change explicit. */
class JsonPatchesTest {

  @Test
  void listsAreReplacedNullsRemoveAndAbsentParentsAreAddedWhole() {
    String ops =
        KubeJson.write(
            JsonPatches.fromMerge(
                KubeJson.parseObject(
                    "{\"spec\":{\"taints\":[{\"key\":\"a\"}],\"unschedulable\":null,\"x\":null},"
                        + "\"metadata\":{\"annotations\":{\"strata.io/action-id\":\"act-1\","
                        + "\"gone\":null}}}"),
                KubeJson.parseObject(
                    "{\"metadata\":{\"resourceVersion\":\"7\"},"
                        + "\"spec\":{\"taints\":[{\"key\":\"b\"}],\"unschedulable\":true}}"),
                "7"));

    assertThat(ops)
        .isEqualTo(
            "[{\"op\":\"replace\",\"path\":\"/metadata/resourceVersion\",\"value\":\"7\"},"
                + "{\"op\":\"replace\",\"path\":\"/spec/taints\",\"value\":[{\"key\":\"a\"}]},"
                + "{\"op\":\"remove\",\"path\":\"/spec/unschedulable\"},"
                + "{\"op\":\"add\",\"path\":\"/metadata/annotations\","
                + "\"value\":{\"strata.io/action-id\":\"act-1\"}}]");
  }

  @Test
  void keysWithSlashesAreEscaped() {
    String ops =
        KubeJson.write(
            JsonPatches.fromMerge(
                KubeJson.parseObject("{\"metadata\":{\"labels\":{\"a/b~c\":\"v\"}}}"),
                KubeJson.parseObject("{\"metadata\":{\"labels\":{}}}"),
                null));

    assertThat(ops)
        .isEqualTo("[{\"op\":\"add\",\"path\":\"/metadata/labels/a~1b~0c\",\"value\":\"v\"}]");
  }
}
