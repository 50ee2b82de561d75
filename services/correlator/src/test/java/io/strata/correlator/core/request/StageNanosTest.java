package io.strata.correlator.core.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.trace.Stage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StageNanosTest {

  @Test
  void sumsPerStageAndKeepsAStageSeenWithZeroNanos() {
    StageNanos stages =
        StageNanos.none()
            .plus(Stage.GPU_EXECUTE, 100)
            .plus(Stage.QUEUE_WAIT, 0)
            .plus(Stage.GPU_EXECUTE, 50);

    assertThat(stages.size()).isEqualTo(2);
    assertThat(stages.get(Stage.GPU_EXECUTE)).isEqualTo(150);
    assertThat(stages.has(Stage.QUEUE_WAIT)).isTrue();
    assertThat(stages.has(Stage.MODEL_LOAD)).isFalse();
    List<String> seen = new ArrayList<>();
    stages.forEach((stage, nanos) -> seen.add(stage + "=" + nanos));
    assertThat(seen).containsExactly("QUEUE_WAIT=0", "GPU_EXECUTE=150");
  }

  @Test
  void isImmutableAndComparesByValue() {
    StageNanos one = StageNanos.none().plus(Stage.MODEL_LOAD, 7);
    StageNanos two = one.plus(Stage.MODEL_LOAD, 3);

    assertThat(one.get(Stage.MODEL_LOAD)).isEqualTo(7);
    assertThat(two.get(Stage.MODEL_LOAD)).isEqualTo(10);
    assertThat(StageNanos.none().plus(Stage.MODEL_LOAD, 7)).isEqualTo(one).hasSameHashCodeAs(one);
    assertThat(StageNanos.none().plus(Stage.MODEL_LOAD, 0)).isNotEqualTo(StageNanos.none());
    assertThat(one.plus(StageNanos.none().plus(Stage.BATCH_PREPARE, 2)).toString())
        .isEqualTo("{MODEL_LOAD=7, BATCH_PREPARE=2}");
  }
}
