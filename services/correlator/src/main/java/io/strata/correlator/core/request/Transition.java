package io.strata.correlator.core.request;

import java.util.ArrayList;
import java.util.List;

/**
 * What a rule makes of one input: the state it leaves and what it emits, in order. Every rule of
 * the core that moves a state on and emits something answers with one (a node's view and what it
 * forwards, an incident tracker and the revision to publish, a GPU's mismatch and its finding), so
 * a processor applies any of them the same way: store {@code next}, send {@code emits}.
 *
 * @param next the state after the input; null where the rule's state can be none (no disagreement
 *     in progress)
 * @param emits what to send on, in order; the shared empty list when nothing
 */
public record Transition<S, E>(S next, List<E> emits) {

  public Transition {
    emits = List.copyOf(emits);
  }

  /** {@code next}, emitting nothing. */
  public static <S, E> Transition<S, E> of(S next) {
    return new Transition<>(next, List.of());
  }

  /** {@code next}, emitting {@code emit}. */
  public static <S, E> Transition<S, E> of(S next, E emit) {
    return new Transition<>(next, List.of(emit));
  }

  /** This transition followed by {@code after}: after's state, this one's emits then after's. */
  public Transition<S, E> then(Transition<S, E> after) {
    if (emits.isEmpty()) {
      return after;
    }
    if (after.emits.isEmpty()) {
      return new Transition<>(after.next, emits);
    }
    List<E> all = new ArrayList<>(emits.size() + after.emits.size());
    all.addAll(emits);
    all.addAll(after.emits);
    return new Transition<>(after.next, all);
  }
}
