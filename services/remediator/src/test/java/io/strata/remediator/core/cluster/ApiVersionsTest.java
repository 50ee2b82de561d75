package io.strata.remediator.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The version of a kind the remediator addresses, from cached API discovery. */
class ApiVersionsTest {

  private static final ApiResource QUEUES =
      new ApiResource(
          "kueue.x-k8s.io", "LocalQueue", "localqueues", true, List.of("v1beta2", "v1beta1"));
  private static final ApiResource JOBS =
      new ApiResource("batch", "Job", "jobs", true, List.of("v1"));

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-07T10:00:00Z"));
  private final FakeDiscovery discovery = new FakeDiscovery();
  private final ApiVersions versions =
      new ApiVersions(
          discovery,
          List.of(QUEUES, JOBS),
          clock,
          new ApiVersions.Settings(Duration.ofMinutes(5), Duration.ofSeconds(10)));

  @Test
  void theNewestKnownVersionServedIsChosen() throws TargetException {
    discovery
        .serve("kueue.x-k8s.io", "v1beta2", "localqueues")
        .serve("kueue.x-k8s.io", "v1beta1", "localqueues");
    assertThat(versions.version(QUEUES)).isEqualTo("v1beta2");
    assertThat(discovery.groupsAsked).containsExactly(Set.of("batch", "kueue.x-k8s.io"));
  }

  @Test
  void v1beta1IsUsedOnlyWhereItIsAllTheClusterServes() throws TargetException {
    discovery.serve("kueue.x-k8s.io", "v1beta1", "localqueues");
    assertThat(versions.version(QUEUES)).isEqualTo("v1beta1");
  }

  @Test
  void aKindServedAtNoVersionIsNotServedAndOneServedOnlyAtUnknownVersionsSaysSo() {
    assertThatThrownBy(() -> versions.version(QUEUES))
        .isInstanceOfSatisfying(
            TargetException.class,
            e -> {
              assertThat(e.unserved()).contains(UnservedReason.NOT_SERVED);
              assertThat(e.reason()).isEqualTo(ActionOutcomeReason.PERMANENT_API_ERROR);
              assertThat(e.isTransient()).isFalse();
              assertThat(e.getMessage())
                  .isEqualTo(
                      "NOT_SERVED: the API server serves no version of kueue.x-k8s.io LocalQueue"
                          + " (Strata addresses it at v1beta2, v1beta1)");
            });

    discovery.serve("kueue.x-k8s.io", "v1", "localqueues");
    clock.advance(Duration.ofSeconds(10));
    assertThatThrownBy(() -> versions.version(QUEUES))
        .isInstanceOfSatisfying(
            TargetException.class,
            e ->
                assertThat(e.getMessage())
                    .isEqualTo(
                        "UNKNOWN_VERSIONS_ONLY: the API server serves kueue.x-k8s.io LocalQueue at"
                            + " v1 only (Strata addresses it at v1beta2, v1beta1)"));
  }

  @Test
  void aVersionWithoutTheKindsResourceDoesNotServeIt() {
    discovery.serve("kueue.x-k8s.io", "v1beta2", "clusterqueues");
    assertThatThrownBy(() -> versions.version(QUEUES))
        .isInstanceOfSatisfying(
            TargetException.class,
            e -> assertThat(e.unserved()).contains(UnservedReason.NOT_SERVED));
  }

  @Test
  void discoveryIsReusedUntilMaxAgeAndReadAgainAfter() throws TargetException {
    discovery.serve("batch", "v1", "jobs");
    versions.version(JOBS);
    clock.advance(Duration.ofMinutes(4));
    versions.version(JOBS);
    assertThat(discovery.groupsAsked).hasSize(1);

    clock.advance(Duration.ofMinutes(1));
    versions.version(JOBS);
    assertThat(discovery.groupsAsked).hasSize(2);
  }

  @Test
  void aMissReadsDiscoveryAgainAtMostOncePerMissRefresh() throws TargetException {
    discovery.serve("batch", "v1", "jobs");
    versions.version(JOBS);
    discovery.serve("kueue.x-k8s.io", "v1beta2", "localqueues");

    clock.advance(Duration.ofSeconds(9));
    assertThatThrownBy(() -> versions.version(QUEUES)).isInstanceOf(TargetException.class);
    assertThat(discovery.groupsAsked).hasSize(1);

    clock.advance(Duration.ofSeconds(1));
    assertThat(versions.version(QUEUES)).isEqualTo("v1beta2");
    assertThat(discovery.groupsAsked).hasSize(2);
  }

  @Test
  void a404IsAbsentOnlyWhileDiscoveryStillServesTheVersion() throws TargetException {
    discovery
        .serve("kueue.x-k8s.io", "v1beta2", "localqueues")
        .serve("kueue.x-k8s.io", "v1beta1", "localqueues");
    assertThat(versions.version(QUEUES)).isEqualTo("v1beta2");

    assertThat(versions.stillServes(QUEUES, "v1beta2")).isTrue();
    assertThat(discovery.versionsAsked).containsExactly("kueue.x-k8s.io/v1beta2");

    discovery.withdraw("kueue.x-k8s.io", "v1beta2");
    assertThat(versions.stillServes(QUEUES, "v1beta2")).isFalse();
    // The version went away: the next lookup reads discovery again at once, within miss-refresh.
    assertThat(versions.version(QUEUES)).isEqualTo("v1beta1");
    assertThat(discovery.groupsAsked).hasSize(2);
  }

  @Test
  void settingsRejectANonPositiveMaxAge() {
    assertThatThrownBy(() -> new ApiVersions.Settings(Duration.ZERO, Duration.ofSeconds(10)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("strata.remediator.discovery");
  }

  /** Discovery of a cluster the test sets up, counting what it was asked. */
  private static final class FakeDiscovery implements ApiVersions.Discovery {
    private final Map<String, List<String>> versions = new HashMap<>();
    private final Map<String, Set<String>> resources = new HashMap<>();
    final List<Set<String>> groupsAsked = new ArrayList<>();
    final List<String> versionsAsked = new ArrayList<>();

    FakeDiscovery serve(String group, String version, String plural) {
      versions.computeIfAbsent(group, g -> new ArrayList<>()).add(version);
      resources.put(group + "/" + version, Set.of(plural));
      return this;
    }

    void withdraw(String group, String version) {
      versions.get(group).remove(version);
      resources.remove(group + "/" + version);
    }

    @Override
    public DiscoveredApis discover(Set<String> groups) {
      groupsAsked.add(Set.copyOf(groups));
      return new DiscoveredApis(versions, resources);
    }

    @Override
    public Optional<Set<String>> resources(String group, String version) {
      versionsAsked.add(group + "/" + version);
      return Optional.ofNullable(resources.get(group + "/" + version));
    }
  }
}
