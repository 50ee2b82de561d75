package io.strata.archfixture.clean;

import java.util.List;

/** A core class that keeps every rule. */
public final class PlainCore {
  public int size(List<String> values) {
    return values.size();
  }
}
