package io.strata.remediator.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Which instance may decide, propose and execute: the one leading whose memory was rebuilt in the
 * current term; and one rebuild per Lease acquisition (fault-suite finding 2 saw two).
 */
class LeaderTermTest {

  private final AtomicBoolean leading = new AtomicBoolean();
  private final LeaderTerm term = new LeaderTerm(leading::get);

  @Test
  void aStandbyWithItsMemoryReadIsNotActive() {
    term.rebuilt(term.current());

    assertThat(term.everRebuilt()).isTrue();
    assertThat(term.active()).isFalse();
    assertThat(term.takingOver()).isFalse();
  }

  @Test
  void aNewLeaderIsActiveOnlyOnceItRebuiltInItsTerm() {
    term.rebuilt(term.current());
    acquire();

    assertThat(term.takingOver()).isTrue();
    assertThat(term.active()).as("leading with a standby's memory").isFalse();
    term.rebuilt(term.current());
    assertThat(term.active()).isTrue();
    assertThat(term.rebuildDue()).isFalse();
  }

  @Test
  void aRebuildBegunBeforeTheAcquisitionDoesNotCount() {
    long before = term.current();
    acquire();
    term.rebuilt(before);

    assertThat(term.active()).isFalse();
    assertThat(term.rebuildDue()).isTrue();
  }

  @Test
  void aRebuildBegunAfterTheAcquisitionIsTheTermsOnlyOne() {
    acquire();
    long rebuilding = term.current();
    term.rebuilt(rebuilding);

    assertThat(term.rebuildDue()).as("the queued acquisition rebuild is skipped").isFalse();
    assertThat(term.active()).isTrue();
  }

  @Test
  void losingTheLeaseDeactivatesAndTheNextAcquisitionNeedsItsOwnRebuild() {
    acquire();
    term.rebuilt(term.current());
    leading.set(false);
    assertThat(term.active()).isFalse();

    acquire();
    assertThat(term.active()).isFalse();
    assertThat(term.rebuildDue()).isTrue();
  }

  @Test
  void withElectionOffTheStartupRebuildMakesItActive() {
    LeaderTerm single = LeaderTerm.single();
    assertThat(single.active()).isFalse();
    single.rebuilt(single.current());
    assertThat(single.active()).isTrue();
  }

  @Test
  void aRebuildIsDueOnceForAStandbyAndOncePerTerm() {
    assertThat(term.rebuildDue()).as("never rebuilt").isTrue();
    term.rebuilt(term.current());
    assertThat(term.rebuildDue()).as("a standby with its memory").isFalse();
    acquire();
    assertThat(term.rebuildDue()).as("acquired").isTrue();
    term.rebuilt(term.current());
    assertThat(term.rebuildDue()).as("a second trigger in the same term").isFalse();
  }

  /** As Leadership does: the term begins before the leading flag turns true. */
  private void acquire() {
    term.begin();
    leading.set(true);
  }
}
