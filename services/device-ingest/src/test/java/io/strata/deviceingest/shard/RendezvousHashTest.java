package io.strata.deviceingest.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RendezvousHashTest {

  private static final List<String> NODES =
      IntStream.range(0, 1250).mapToObj(i -> "gpu-node-" + i).toList();

  private static Map<String, String> owners(List<String> members) {
    Map<String, String> owners = new HashMap<>();
    NODES.forEach(node -> owners.put(node, RendezvousHash.owner(node, members)));
    return owners;
  }

  @Test
  void addingAMemberMovesOnlyWhatItWinsAndRemovingOneOnlyWhatItHeld() {
    List<String> three = List.of("di-0", "di-1", "di-2");
    List<String> four = List.of("di-0", "di-1", "di-2", "di-3");
    Map<String, String> before = owners(three);
    Map<String, String> after = owners(four);
    long moved = NODES.stream().filter(n -> !before.get(n).equals(after.get(n))).count();
    assertThat(NODES)
        .filteredOn(n -> !before.get(n).equals(after.get(n)))
        .allMatch(n -> after.get(n).equals("di-3"));
    // About a quarter of the nodes move to the new member, none between old members.
    assertThat(moved).isBetween(250L, 375L);

    Map<String, String> removed = owners(List.of("di-0", "di-2", "di-3"));
    assertThat(NODES)
        .filteredOn(n -> !after.get(n).equals(removed.get(n)))
        .allMatch(n -> after.get(n).equals("di-1"));
  }

  @Test
  void theShareIsEvenAndTheOrderOfMembersDoesNotMatter() {
    Map<String, Long> share = new HashMap<>();
    owners(List.of("di-0", "di-1", "di-2", "di-3"))
        .values()
        .forEach(m -> share.merge(m, 1L, Long::sum));
    assertThat(share.values()).allMatch(count -> count > 1250 / 4 * 0.8 && count < 1250 / 4 * 1.2);
    assertThat(owners(List.of("di-3", "di-1", "di-0", "di-2")))
        .isEqualTo(owners(List.of("di-0", "di-1", "di-2", "di-3")));
    assertThat(RendezvousHash.owner("gpu-node-1", List.of())).isNull();
  }
}
