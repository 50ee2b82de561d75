package io.strata.deviceingest.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.kubetest.CrudApiServer;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three, then four, then three replicas' assignment logic against the fabric8 mock API server in
 * CRUD mode, membership only from the Leases they write: after each change every target has exactly
 * one owner (none lost, none doubled) and only the targets that must move did.
 */
class LeaseMembershipTest {

  private static final List<String> NODES =
      IntStream.range(0, 500).mapToObj(i -> "gpu-node-" + i).toList();
  private static final Duration LEASE = Duration.ofSeconds(15);

  private KubernetesMockServer server;
  private KubernetesClient client;
  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T12:00:00Z"));

  @BeforeEach
  void start() {
    server = CrudApiServer.start();
    client = server.createClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  private LeaseMembership member(String name) {
    return new LeaseMembership(
        client, "strata", "strata-device-ingest", name, LEASE, clock, v -> {});
  }

  /** One renewal round: every live replica renews, then every one re-reads (order-independent). */
  private static void round(List<LeaseMembership> members) {
    members.forEach(LeaseMembership::renew);
    members.forEach(LeaseMembership::renew);
  }

  /** Owner of each node; fails on a node with no owner or two. */
  private static Map<String, String> assignment(List<LeaseMembership> members) {
    Map<String, String> owners = new HashMap<>();
    for (String node : NODES) {
      List<String> claimants = new ArrayList<>();
      for (LeaseMembership member : members) {
        if (member.view().owns(node)) {
          claimants.add(member.view().self());
        }
      }
      assertThat(claimants).as("owners of " + node).hasSize(1);
      owners.put(node, claimants.get(0));
    }
    return owners;
  }

  private static List<String> moved(Map<String, String> before, Map<String, String> after) {
    return NODES.stream().filter(n -> !before.get(n).equals(after.get(n))).toList();
  }

  @Test
  void aReplicaAddedAndRemovedMovesOnlyItsTargetsAndNoneIsLostOrDoubled() {
    List<LeaseMembership> members =
        new ArrayList<>(List.of(member("di-0"), member("di-1"), member("di-2")));
    assertThat(members.get(0).view().owns("gpu-node-1"))
        .as("not registered yet: owns nothing")
        .isFalse();
    round(members);
    assertThat(members.get(0).view().members()).containsExactly("di-0", "di-1", "di-2");
    Map<String, String> three = assignment(members);

    members.add(member("di-3"));
    round(members);
    Map<String, String> four = assignment(members);
    assertThat(moved(three, four)).isNotEmpty().allMatch(n -> four.get(n).equals("di-3"));

    // di-1 scales down cleanly: its Lease is deleted, its targets (and only those) move.
    LeaseMembership leaving = members.remove(1);
    leaving.leave();
    round(members);
    Map<String, String> afterLeave = assignment(members);
    assertThat(moved(four, afterLeave)).isNotEmpty().allMatch(n -> four.get(n).equals("di-1"));

    // di-3 dies without a word: once its Lease expires, its targets move to the others.
    LeaseMembership dead = members.remove(2);
    clock.advance(LEASE.plusSeconds(1));
    round(members);
    Map<String, String> afterDeath = assignment(members);
    assertThat(moved(afterLeave, afterDeath))
        .isNotEmpty()
        .allMatch(n -> afterLeave.get(n).equals(dead.view().self()));
    assertThat(members.get(0).view().members()).containsExactly("di-0", "di-2");
  }

  @Test
  void aRenewalAfterLeavingDoesNotWriteTheLeaseAgain() {
    LeaseMembership leaving = member("di-0");
    leaving.renew();
    assertThat(client.leases().inNamespace("strata").list().getItems()).hasSize(1);

    leaving.leave();
    // What a renewal still queued on the ticker at shutdown does: nothing.
    leaving.renew();

    assertThat(client.leases().inNamespace("strata").list().getItems()).isEmpty();
  }
}
