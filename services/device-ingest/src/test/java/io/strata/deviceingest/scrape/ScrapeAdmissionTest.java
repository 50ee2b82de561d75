package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.scrape.ScrapeAdmission.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ScrapeAdmissionTest {

  private static ScrapeTarget target(int i) {
    return ScrapeTarget.of("http://10.0.0." + i + ":9400/metrics");
  }

  @Test
  void aTargetDueAtTheCapWaitsAndStartsWhenAScrapeEnds() {
    ScrapeAdmission admission = new ScrapeAdmission(2);

    assertThat(admission.offer(target(1))).isEqualTo(Decision.START);
    assertThat(admission.offer(target(2))).isEqualTo(Decision.START);
    assertThat(admission.offer(target(3))).isEqualTo(Decision.WAIT);
    assertThat(admission.offer(target(4))).isEqualTo(Decision.WAIT);
    assertThat(admission.startable()).isEmpty();
    assertThat(admission.waiting()).isEqualTo(2);

    assertThat(admission.finished(target(2))).containsExactly(target(3));
    assertThat(admission.finished(target(1))).containsExactly(target(4));
    assertThat(admission.waiting()).isZero();
    assertThat(admission.finished(target(3))).isEmpty();
  }

  @Test
  void aTargetNeverHasTwoScrapesRunningOrWaiting() {
    ScrapeAdmission admission = new ScrapeAdmission(1);

    assertThat(admission.offer(target(1))).isEqualTo(Decision.START);
    assertThat(admission.offer(target(1))).isEqualTo(Decision.SKIP);
    assertThat(admission.offer(target(2))).isEqualTo(Decision.WAIT);
    assertThat(admission.offer(target(2))).isEqualTo(Decision.SKIP);
    assertThat(admission.waiting()).isEqualTo(1);

    assertThat(admission.finished(target(1))).containsExactly(target(2));
    assertThat(admission.offer(target(1))).isEqualTo(Decision.WAIT);
  }

  @Test
  void aTargetThatCouldNotStartGivesItsPlaceBackWithoutStartingTheLine() {
    ScrapeAdmission admission = new ScrapeAdmission(1);
    admission.offer(target(1));
    admission.offer(target(2));

    admission.abandoned(target(1));

    assertThat(admission.waiting()).isEqualTo(1);
    assertThat(admission.startable()).containsExactly(target(2));
    assertThat(admission.offer(target(1))).isEqualTo(Decision.WAIT);
  }

  @Test
  void aRemovedTargetLeavesTheLineAndMayComeBack() {
    ScrapeAdmission admission = new ScrapeAdmission(1);
    admission.offer(target(1));
    admission.offer(target(2));

    admission.forget(target(2).url());

    assertThat(admission.waiting()).isZero();
    assertThat(admission.finished(target(1))).isEmpty();
    assertThat(admission.offer(target(2))).isEqualTo(Decision.START);
  }

  @Test
  void aRunningTargetForgottenKeepsItsPlaceUntilItEnds() {
    ScrapeAdmission admission = new ScrapeAdmission(1);
    admission.offer(target(1));

    admission.forget(target(1).url());

    assertThat(admission.offer(target(1))).isEqualTo(Decision.SKIP);
    assertThat(admission.offer(target(2))).isEqualTo(Decision.WAIT);
    assertThat(admission.finished(target(1))).containsExactly(target(2));
  }

  /**
   * Slots and scrape ends racing on many threads, as the ticker and the processing pool do: every
   * offered target is scraped exactly once, never more than the cap at once, and none is left
   * waiting when the last scrape ends (a scrape ending between a WAIT and the target's joining the
   * line must not strand it).
   */
  @Test
  void underRacesEveryTargetIsScrapedOnceWithinTheCapAndNoneIsStranded() throws Exception {
    int cap = 3;
    int targets = 2_000;
    ScrapeAdmission admission = new ScrapeAdmission(cap);
    AtomicInteger running = new AtomicInteger();
    AtomicInteger mostAtOnce = new AtomicInteger();
    Set<String> scraped = ConcurrentHashMap.newKeySet();
    AtomicInteger doubled = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    class Scrapes {
      void start(ScrapeTarget t) {
        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
        if (!scraped.add(t.url())) {
          doubled.incrementAndGet();
        }
        pool.execute(
            () -> {
              running.decrementAndGet();
              admission.finished(t).forEach(this::start);
            });
      }
    }
    Scrapes scrapes = new Scrapes();
    List<Thread> ticks = new ArrayList<>();
    for (int thread = 0; thread < 2; thread++) {
      int first = thread;
      Thread tick =
          new Thread(
              () -> {
                for (int i = first; i < targets; i += 2) {
                  ScrapeTarget t = target(i);
                  switch (admission.offer(t)) {
                    case START -> scrapes.start(t);
                    case WAIT -> admission.startable().forEach(scrapes::start);
                    case SKIP -> throw new AssertionError("offered once: " + t);
                  }
                }
              });
      tick.start();
      ticks.add(tick);
    }
    for (Thread tick : ticks) {
      tick.join();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (scraped.size() < targets && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    pool.shutdown();
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();

    assertThat(scraped).hasSize(targets);
    assertThat(doubled.get()).isZero();
    assertThat(mostAtOnce.get()).isLessThanOrEqualTo(cap);
    assertThat(admission.waiting()).isZero();
  }
}
