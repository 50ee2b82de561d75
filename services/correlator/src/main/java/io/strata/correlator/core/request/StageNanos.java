package io.strata.correlator.core.request;

import io.strata.events.trace.Stage;
import java.util.Arrays;
import java.util.function.ObjLongConsumer;

/**
 * Nanoseconds summed per stage of one open trace, immutable. A stage can be present with 0 ns
 * (seen, instantly done), which is not the same as absent. One small object per trace, where an
 * {@code EnumMap<Stage, Long>} copied per span was four objects plus one boxed value per stage: an
 * open trace lives for the inactivity gap plus grace (10 s in prod), so at 10,000 GPUs about
 * 100,000 of them are live at once, long enough to be promoted, and every span's copy is garbage.
 */
public final class StageNanos {

  private static final Stage[] STAGES = Stage.values();
  private static final StageNanos NONE = new StageNanos(0, new long[STAGES.length]);

  /** Bit {@code ordinal} set: the stage is present. */
  private final int present;

  private final long[] nanos;

  private StageNanos(int present, long[] nanos) {
    this.present = present;
    this.nanos = nanos;
  }

  public static StageNanos none() {
    return NONE;
  }

  /** This plus {@code nanos} more of {@code stage}. */
  public StageNanos plus(Stage stage, long nanos) {
    long[] next = Arrays.copyOf(this.nanos, this.nanos.length);
    next[stage.ordinal()] += nanos;
    return new StageNanos(present | (1 << stage.ordinal()), next);
  }

  /** Both summed, stage by stage. */
  public StageNanos plus(StageNanos other) {
    long[] next = Arrays.copyOf(nanos, nanos.length);
    for (int i = 0; i < next.length; i++) {
      next[i] += other.nanos[i];
    }
    return new StageNanos(present | other.present, next);
  }

  public int size() {
    return Integer.bitCount(present);
  }

  public boolean has(Stage stage) {
    return (present & (1 << stage.ordinal())) != 0;
  }

  /** The summed nanoseconds of a present stage, 0 for an absent one. */
  public long get(Stage stage) {
    return nanos[stage.ordinal()];
  }

  /** Every present stage, in {@link Stage} order. */
  public void forEach(ObjLongConsumer<Stage> action) {
    for (Stage stage : STAGES) {
      if (has(stage)) {
        action.accept(stage, nanos[stage.ordinal()]);
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StageNanos that
        && present == that.present
        && Arrays.equals(nanos, that.nanos);
  }

  @Override
  public int hashCode() {
    return 31 * present + Arrays.hashCode(nanos);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("{");
    forEach(
        (stage, ns) ->
            text.append(text.length() > 1 ? ", " : "").append(stage).append('=').append(ns));
    return text.append('}').toString();
  }
}
