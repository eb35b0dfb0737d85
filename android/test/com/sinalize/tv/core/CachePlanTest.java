package com.sinalize.tv.core;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

public final class CachePlanTest {
    static String h(char c) {
        char[] chars = new char[64];
        Arrays.fill(chars, c);
        return new String(chars);
    }

    static final List<String> none = Collections.<String>emptyList();

    public static void testFetchesWhatTheManifestNamesAndIsNotOnDisk() {
        CachePlan plan = CachePlan.of(Arrays.asList(h('a')), Arrays.asList(h('a'), h('B'), h('c'), h('b')), none);
        Check.equal(Arrays.asList(h('b'), h('c')), plan.toFetch);
        Check.equal(none, plan.toDelete);
    }

    public static void testDeletesWhatNoManifestNames() {
        CachePlan plan = CachePlan.of(Arrays.asList(h('a'), h('d'), "notes.txt"), Arrays.asList(h('a')), none);
        Check.equal(Arrays.asList(h('d'), "notes.txt"), plan.toDelete);
        Check.equal(none, plan.toFetch);
    }

    public static void testAnEmptyManifestEmptiesTheCache() {
        CachePlan plan = CachePlan.of(Arrays.asList(h('a'), h('b') + ".part"), none, none);
        Check.equal(Arrays.asList(h('a'), h('b') + ".part"), plan.toDelete);
    }

    public static void testKeepsRunningDownloadsAndDropsStaleOnes() {
        CachePlan plan = CachePlan.of(Arrays.asList(h('a') + ".part", h('b') + ".part"),
                Arrays.asList(h('a'), h('b')), Arrays.asList(h('a')));
        Check.equal(Arrays.asList(h('b') + ".part"), plan.toDelete);
        Check.equal(Arrays.asList(h('b')), plan.toFetch);
    }

    public static void testIgnoresWantedEntriesThatAreNotHashes() {
        CachePlan plan = CachePlan.of(none, Arrays.asList("../x", h('e')), none);
        Check.equal(Arrays.asList(h('e')), plan.toFetch);
    }
}
