package io.strata.remediator.core.guard;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Leadership terms, and whether this instance's memory was rebuilt in the current one. Each Lease
 * acquisition starts a term; the instance is {@link #active()} only while it leads <em>and</em> a
 * rebuild that began in this term has finished. Between the acquisition and that rebuild it
 * decides, proposes and executes nothing: the memory it has may predate the last leader's final
 * writes, and a write made against it could be replaced by the rebuild (docs/E2E.md, fault-suite
 * finding 2). Exactly one rebuild is needed per term: one already begun after the acquisition (the
 * startup rebuild of an instance that won the Lease at once) counts.
 */
public final class LeaderTerm implements ActiveInstance {

  private static final long NEVER = -1;

  private final BooleanSupplier leading;
  private final AtomicLong term = new AtomicLong();
  private volatile long rebuiltIn = NEVER;

  /**
   * @param leading whether the Lease is held now; flips to true only after {@link #begin()}
   */
  public LeaderTerm(BooleanSupplier leading) {
    this.leading = leading;
  }

  /** One process by construction (election off): always leading, one term. */
  public static LeaderTerm single() {
    return new LeaderTerm(() -> true);
  }

  /** Starts a new term on acquiring the Lease; call before the leading flag turns true. */
  public long begin() {
    return term.incrementAndGet();
  }

  /** The current term: read it before a rebuild reads the topics, report it after. */
  public long current() {
    return term.get();
  }

  /** A rebuild that began in {@code term} succeeded. */
  public void rebuilt(long term) {
    rebuiltIn = term;
  }

  /** Whether any rebuild has succeeded (the instance can serve reads). */
  public boolean everRebuilt() {
    return rebuiltIn != NEVER;
  }

  /**
   * Whether a rebuild should run now: none succeeded since the current term began (or ever: a
   * standby must be able to serve reads). Every trigger (acquisition, first leader seen, startup
   * fallback) asks this first, so a term gets one rebuild, not one per trigger.
   */
  public boolean rebuildDue() {
    return rebuiltIn != term.get();
  }

  /** Leads, and its memory was rebuilt in this term (the leading flag is read first: see begin). */
  @Override
  public boolean active() {
    return leading.getAsBoolean() && rebuiltIn == term.get();
  }

  /** Whether it holds the Lease but has not rebuilt yet in this term (taking over). */
  public boolean takingOver() {
    return leading.getAsBoolean() && rebuiltIn != term.get();
  }
}
