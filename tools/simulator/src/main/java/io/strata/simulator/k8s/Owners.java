package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.strata.simulator.model.Names;

/** Controller owner references, with the uids the owners were created with. */
final class Owners {

  private Owners() {}

  static OwnerReference controller(String apiVersion, String kind, String namespace, String name) {
    return new OwnerReferenceBuilder()
        .withApiVersion(apiVersion)
        .withKind(kind)
        .withName(name)
        .withUid(uid(kind, namespace, name))
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  static String uid(String kind, String namespace, String name) {
    return Names.uid(kind + "/" + namespace + "/" + name);
  }
}
