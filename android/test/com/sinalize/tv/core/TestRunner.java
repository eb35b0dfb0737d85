package com.sinalize.tv.core;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;

/**
 * A tiny test runner for the app's pure logic on the host JVM (JUnit is not reachable here): runs
 * every public static no-argument method whose name starts with "test" in the classes named on the
 * command line, prints each failure, then "N passed, N failed", and exits non-zero on any failure.
 */
public final class TestRunner {
    public static void main(String[] args) throws Exception {
        int passed = 0;
        int failed = 0;
        for (String className : args) {
            Method[] methods = Class.forName(className).getDeclaredMethods();
            Arrays.sort(methods, new Comparator<Method>() {
                @Override
                public int compare(Method a, Method b) {
                    return a.getName().compareTo(b.getName());
                }
            });
            for (Method method : methods) {
                int mod = method.getModifiers();
                if (!method.getName().startsWith("test") || !Modifier.isStatic(mod) || !Modifier.isPublic(mod)
                        || method.getParameterTypes().length != 0) continue;
                String name = className.substring(className.lastIndexOf('.') + 1) + "." + method.getName();
                try {
                    method.invoke(null);
                    passed++;
                    System.out.println("  ok   " + name);
                } catch (InvocationTargetException e) {
                    failed++;
                    System.out.println("  FAIL " + name + ": " + e.getCause());
                }
            }
        }
        System.out.println(passed + " passed, " + failed + " failed");
        if (failed > 0 || passed == 0) System.exit(1);
    }
}
