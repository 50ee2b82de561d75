package io.strata.correlator.streams.speed;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A record with every component set to a non-default value, nested records and collections
 * included: a codec that forgets a component fails its round trip instead of silently dropping what
 * a new field carries.
 */
final class Filled {

  private Filled() {}

  static <T> T of(Class<T> type) {
    return type.cast(value(type, type.getSimpleName()));
  }

  private static Object value(Type type, String name) {
    if (type instanceof ParameterizedType generic) {
      Class<?> raw = (Class<?>) generic.getRawType();
      Type[] args = generic.getActualTypeArguments();
      if (raw == List.class) {
        return List.of(value(args[0], name + "0"), value(args[0], name + "1"));
      }
      if (raw == Map.class) {
        return Map.of(value(args[0], name + "k"), value(args[1], name + "v"));
      }
      throw new IllegalArgumentException("no filler for " + type);
    }
    Class<?> raw = (Class<?>) type;
    if (raw == String.class) {
      return name + "-" + Math.abs(name.hashCode() % 1000);
    }
    if (raw == Instant.class) {
      return Instant.parse("2026-12-01T12:34:56.789Z").plusMillis(name.length());
    }
    if (raw == int.class || raw == Integer.class) {
      return 40 + name.length();
    }
    if (raw == long.class || raw == Long.class) {
      return 400L + name.length();
    }
    if (raw == double.class || raw == Double.class) {
      return 0.25 + name.length();
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return true;
    }
    if (raw.isEnum()) {
      Object[] values = raw.getEnumConstants();
      return values[values.length - 1];
    }
    if (raw.isRecord()) {
      RecordComponent[] components = raw.getRecordComponents();
      Object[] args = new Object[components.length];
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        args[i] = value(components[i].getGenericType(), components[i].getName());
        types[i] = components[i].getType();
      }
      try {
        return raw.getDeclaredConstructor(types).newInstance(args);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot build " + raw, e);
      }
    }
    throw new IllegalArgumentException("no filler for " + type);
  }
}
