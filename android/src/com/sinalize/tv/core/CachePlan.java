package com.sinalize.tv.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the cache does when the player names the files of its current manifest: which disk entries
 * go (anything no manifest names, stray partial downloads included, unless being written now) and
 * which hashes still have to be fetched, in the manifest's order.
 */
public final class CachePlan {
    public final List<String> toDelete;
    public final List<String> toFetch;

    private CachePlan(List<String> toDelete, List<String> toFetch) {
        this.toDelete = Collections.unmodifiableList(toDelete);
        this.toFetch = Collections.unmodifiableList(toFetch);
    }

    /**
     * @param diskNames the names in the cache folder
     * @param wanted the hashes the manifest names (any case, duplicates allowed)
     * @param downloading hashes whose download is running (their partial file stays)
     */
    public static CachePlan of(Collection<String> diskNames, Collection<String> wanted, Collection<String> downloading) {
        Set<String> want = new LinkedHashSet<String>();
        for (String sha : wanted) if (MediaKeys.isSha256(sha)) want.add(MediaKeys.fileName(sha));
        Set<String> complete = new LinkedHashSet<String>();
        List<String> delete = new ArrayList<String>();
        for (String name : diskNames) {
            String sha = MediaKeys.shaOfFileName(name);
            boolean partial = name.endsWith(MediaKeys.PARTIAL_SUFFIX);
            if (sha == null) {
                delete.add(name);
            } else if (partial) {
                if (!downloading.contains(sha)) delete.add(name);
            } else if (want.contains(sha)) {
                complete.add(sha);
            } else {
                delete.add(name);
            }
        }
        List<String> fetch = new ArrayList<String>();
        for (String sha : want) if (!complete.contains(sha) && !downloading.contains(sha)) fetch.add(sha);
        return new CachePlan(delete, fetch);
    }
}
