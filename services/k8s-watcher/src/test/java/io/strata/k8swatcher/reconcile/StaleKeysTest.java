package io.strata.k8swatcher.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StaleKeysTest {

  @Test
  void liveKeysOfThisClusterMissingFromTheCachesAreStale() {
    Set<String> live =
        Set.of("c1/ml/a", "c1/ml/gone", "c2/ml/gone", "c1/other/gone", "c1/malformed");
    assertThat(StaleKeys.of(live, Set.of("c1/ml/a"), "c1", true, Optional.empty()))
        .containsExactly("c1/ml/gone", "c1/other/gone");
  }

  @Test
  void keysOutsideTheWatchedNamespacesAreNotThisWatchersToDelete() {
    Set<String> live = Set.of("c1/ml/gone", "c1/other/gone");
    assertThat(StaleKeys.of(live, Set.of(), "c1", true, Optional.of(List.of("ml"))))
        .containsExactly("c1/ml/gone");
  }

  @Test
  void nodeKeysHaveNoNamespace() {
    Set<String> live = Set.of("c1/node-a", "c1/node-b", "c1/ns/pod", "c10/node-c");
    assertThat(StaleKeys.of(live, Set.of("c1/node-a"), "c1", false, Optional.of(List.of("ml"))))
        .containsExactly("c1/node-b");
  }
}
