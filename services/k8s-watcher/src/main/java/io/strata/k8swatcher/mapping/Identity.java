package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.HasMetadata;

/** Guards the fields every key is built from. */
public final class Identity {

  private Identity() {}

  /** Name always; namespace too for namespaced kinds. */
  public static void require(HasMetadata object) {
    if (object.getMetadata() == null || isBlank(object.getMetadata().getName())) {
      throw new MappingException(
          MappingFailure.MISSING_IDENTITY, object.getKind() + " without metadata.name", null);
    }
  }

  public static void requireNamespaced(HasMetadata object) {
    require(object);
    if (isBlank(object.getMetadata().getNamespace())) {
      throw new MappingException(
          MappingFailure.MISSING_IDENTITY,
          object.getKind() + " " + object.getMetadata().getName() + " without a namespace",
          null);
    }
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }
}
