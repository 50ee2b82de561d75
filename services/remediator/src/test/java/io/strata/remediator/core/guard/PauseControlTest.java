package io.strata.remediator.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The pause switch persisted with who and when; failing safe when the store cannot be written. */
class PauseControlTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private final Clock clock = Clock.fixed(T0, ZoneOffset.UTC);

  /** A store in memory that can be made to fail. */
  private static class MemoryStore implements PauseStore {
    Optional<PauseState> saved = Optional.empty();
    boolean failing;
    int writes;

    @Override
    public Optional<PauseState> load() {
      if (failing) {
        throw new PauseStoreException("store down", null);
      }
      return saved;
    }

    @Override
    public void save(PauseState state) {
      if (failing) {
        throw new PauseStoreException("store down", null);
      }
      writes++;
      saved = Optional.of(state);
    }
  }

  @Test
  void aPauseIsPersistedWithWhoAndWhenAndRestoredByTheNextInstance() {
    MemoryStore store = new MemoryStore();
    PauseControl first = new PauseControl(new PauseSwitch(false), store, false, clock);

    PauseState set = first.set(true, "alice");

    assertThat(set).isEqualTo(new PauseState(true, "alice", T0));
    assertThat(store.saved).contains(new PauseState(true, "alice", T0));
    PauseSwitch standbys = new PauseSwitch(false);
    PauseControl standby = new PauseControl(standbys, store, false, clock);
    assertThat(standby.restore()).isEqualTo(new PauseState(true, "alice", T0));
    assertThat(standbys.paused()).isTrue();
  }

  @Test
  void settingTheSwitchToWhatItIsKeepsTheFirstAuthorAndWritesNothing() {
    MemoryStore store = new MemoryStore();
    PauseControl control = new PauseControl(new PauseSwitch(false), store, false, clock);
    control.set(true, "alice");

    assertThat(control.set(true, "bob")).isEqualTo(new PauseState(true, "alice", T0));
    assertThat(control.set(false, "bob")).isEqualTo(new PauseState(false, "bob", T0));
    assertThat(control.set(false, "carol")).isEqualTo(new PauseState(false, "bob", T0));
    assertThat(store.writes).isEqualTo(2);
  }

  @Test
  void aPauseHoldsInMemoryWhenItCannotBePersistedButAResumeDoesNotHappen() {
    MemoryStore store = new MemoryStore();
    PauseSwitch pause = new PauseSwitch(false);
    PauseControl control = new PauseControl(pause, store, false, clock);
    store.failing = true;

    assertThatThrownBy(() -> control.set(true, "alice")).isInstanceOf(PauseStoreException.class);
    assertThat(pause.state()).isEqualTo(new PauseState(true, "alice", T0));
    assertThatThrownBy(() -> control.set(false, "bob")).isInstanceOf(PauseStoreException.class);
    assertThat(pause.state()).isEqualTo(new PauseState(true, "alice", T0));
  }

  @Test
  void theConfigurationPausesAtStartUnlessAPersonPausedAlready() {
    MemoryStore store = new MemoryStore();
    PauseControl control = new PauseControl(new PauseSwitch(false), store, true, clock);

    assertThat(control.restore()).isEqualTo(new PauseState(true, PauseState.BY_CONFIG, T0));
    store.saved = Optional.of(new PauseState(false, "bob", T0.minusSeconds(60)));
    assertThat(control.restore()).isEqualTo(new PauseState(true, PauseState.BY_CONFIG, T0));
    store.saved = Optional.of(new PauseState(true, "alice", T0.minusSeconds(60)));
    assertThat(control.restore()).isEqualTo(new PauseState(true, "alice", T0.minusSeconds(60)));
  }

  @Test
  void withoutConfigurationOrStoreTheSwitchIsOffAndNeverSet() {
    PauseControl control =
        new PauseControl(new PauseSwitch(false), new MemoryStore(), false, clock);

    assertThat(control.restore()).isEqualTo(PauseState.NEVER_SET);
  }

  /**
   * A rebuild's restore that has read the store when a person pauses: the pause waits for the
   * restore, so the older state read never overwrites the new pause (found by ApiRolesTest in CI).
   */
  @Test
  void aPauseDuringARestoreIsNotOverwrittenByTheStateTheRestoreRead() throws Exception {
    CountDownLatch loading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    MemoryStore store =
        new MemoryStore() {
          @Override
          public Optional<PauseState> load() {
            Optional<PauseState> read = super.load();
            loading.countDown();
            await(release);
            return read;
          }
        };
    PauseSwitch pause = new PauseSwitch(false);
    PauseControl control = new PauseControl(pause, store, false, clock);
    Thread rebuild = new Thread(control::restore);
    rebuild.start();
    assertThat(loading.await(10, TimeUnit.SECONDS)).isTrue();
    Thread person = new Thread(() -> control.set(true, "alice"));
    person.start();
    release.countDown();
    rebuild.join(10_000);
    person.join(10_000);

    assertThat(pause.state()).isEqualTo(new PauseState(true, "alice", T0));
    assertThat(store.saved).contains(new PauseState(true, "alice", T0));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void anUnreadableStoreFailsTheRestoreAndLeavesTheSwitchAsItWas() {
    MemoryStore store = new MemoryStore();
    PauseSwitch pause = new PauseSwitch(new PauseState(true, "alice", T0));
    store.failing = true;

    assertThatThrownBy(() -> new PauseControl(pause, store, false, clock).restore())
        .isInstanceOf(PauseStoreException.class)
        .hasMessage("store down");
    assertThat(pause.state()).isEqualTo(new PauseState(true, "alice", T0));
  }
}
