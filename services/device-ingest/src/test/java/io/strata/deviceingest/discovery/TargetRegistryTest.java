package io.strata.deviceingest.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.scrape.ScrapeTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TargetRegistryTest {

  private final List<String> removed = new ArrayList<>();
  private final ScrapeTarget fixed = ScrapeTarget.of("http://static:9400/metrics");
  private final ScrapeTarget a = new ScrapeTarget("http://10.0.0.1:9400/metrics", "node-a");
  private final ScrapeTarget b = new ScrapeTarget("http://10.0.0.2:9400/metrics", "node-b");
  private final TargetRegistry registry = new TargetRegistry(List.of(fixed), removed::add);

  @Test
  void unionsStaticAndDiscoveredTargetsOncePerUrl() {
    registry.replace("sel1|ns/s1", Set.of(a));
    registry.replace("sel2|ns/s1", Set.of(a, b));

    assertThat(registry.targets()).containsExactlyInAnyOrder(fixed, a, b);
    assertThat(registry.size()).isEqualTo(3);
  }

  @Test
  void reportsATargetRemovedOnlyWhenNoSourceNamesItAnyMore() {
    registry.replace("sel1|ns/s1", Set.of(a, b));
    registry.replace("sel2|ns/s1", Set.of(a));

    registry.replace("sel1|ns/s1", Set.of(a));
    assertThat(removed).containsExactly(b.url());

    registry.remove("sel1|ns/s1");
    assertThat(removed).containsExactly(b.url());

    registry.remove("sel2|ns/s1");
    assertThat(removed).containsExactly(b.url(), a.url());
    assertThat(registry.targets()).containsExactly(fixed);
  }

  @Test
  void staticTargetsAreNeverRemovedByDiscovery() {
    registry.replace("sel|ns/s", Set.of(new ScrapeTarget(fixed.url(), "node-x")));
    registry.remove("sel|ns/s");

    assertThat(removed).isEmpty();
    assertThat(registry.targets()).containsExactly(fixed);
  }
}
