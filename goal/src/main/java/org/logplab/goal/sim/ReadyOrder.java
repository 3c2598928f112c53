package org.logplab.goal.sim;

import org.logplab.goal.GoalSchedule;

/**
 * The order in which operations that become ready together are queued: sends, then receives, then
 * calcs (LogGOPSim's {@code std::sort} by its operation codes). LogGOPSim sorts with
 * {@code std::sort}, which is not stable: {@link #libstdcxx} is GNU libstdc++'s introsort step by
 * step (median-of-three quicksort down to runs of 16, heapsort past its depth limit, insertion sort
 * at the end), so that operations of one kind end in the order LogGOPSim's build leaves them;
 * {@link #stable} keeps the order in which they became ready. Stateless.
 */
final class ReadyOrder {
    /** libstdc++'s {@code _S_threshold}: runs this short are left to the final insertion sort. */
    private static final int THRESHOLD = 16;

    private ReadyOrder() {
    }

    /** Sorts {@code a[0..n)}, operations of {@code s}, by kind as libstdc++'s {@code std::sort} does. */
    static void libstdcxx(int[] a, int n, GoalSchedule s) {
        if (n < 2) {
            return;
        }
        introsortLoop(a, 0, n, 2 * (31 - Integer.numberOfLeadingZeros(n)), s);
        if (n > THRESHOLD) {
            insertionSort(a, 0, THRESHOLD, s);
            for (int i = THRESHOLD; i < n; i++) {
                unguardedLinearInsert(a, i, s);
            }
        } else {
            insertionSort(a, 0, n, s);
        }
    }

    /** Sorts {@code a[0..n)} by kind, keeping the order of operations of one kind (a counting sort). */
    static void stable(int[] a, int n, GoalSchedule s, int[] scratch) {
        int at = 0;
        for (int code = 1; code <= 3; code++) {
            for (int i = 0; i < n; i++) {
                if (s.kindCode(a[i]) == code) {
                    scratch[at++] = a[i];
                }
            }
        }
        System.arraycopy(scratch, 0, a, 0, n);
    }

    private static boolean less(int x, int y, GoalSchedule s) {
        return s.kindCode(x) < s.kindCode(y);
    }

    private static void introsortLoop(int[] a, int first, int last, int depthLimit, GoalSchedule s) {
        while (last - first > THRESHOLD) {
            if (depthLimit == 0) {
                heapSort(a, first, last, s);
                return;
            }
            depthLimit--;
            int cut = unguardedPartitionPivot(a, first, last, s);
            introsortLoop(a, cut, last, depthLimit, s);
            last = cut;
        }
    }

    private static int unguardedPartitionPivot(int[] a, int first, int last, GoalSchedule s) {
        int mid = first + (last - first) / 2;
        moveMedianToFirst(a, first, first + 1, mid, last - 1, s);
        return unguardedPartition(a, first + 1, last, first, s);
    }

    private static void moveMedianToFirst(int[] a, int result, int x, int y, int z, GoalSchedule s) {
        if (less(a[x], a[y], s)) {
            if (less(a[y], a[z], s)) {
                swap(a, result, y);
            } else if (less(a[x], a[z], s)) {
                swap(a, result, z);
            } else {
                swap(a, result, x);
            }
        } else if (less(a[x], a[z], s)) {
            swap(a, result, x);
        } else if (less(a[y], a[z], s)) {
            swap(a, result, z);
        } else {
            swap(a, result, y);
        }
    }

    private static int unguardedPartition(int[] a, int first, int last, int pivot, GoalSchedule s) {
        while (true) {
            while (less(a[first], a[pivot], s)) {
                first++;
            }
            last--;
            while (less(a[pivot], a[last], s)) {
                last--;
            }
            if (first >= last) {
                return first;
            }
            swap(a, first, last);
            first++;
        }
    }

    private static void insertionSort(int[] a, int first, int last, GoalSchedule s) {
        for (int i = first + 1; i < last; i++) {
            if (less(a[i], a[first], s)) {
                int v = a[i];
                System.arraycopy(a, first, a, first + 1, i - first);
                a[first] = v;
            } else {
                unguardedLinearInsert(a, i, s);
            }
        }
    }

    private static void unguardedLinearInsert(int[] a, int last, GoalSchedule s) {
        int v = a[last];
        int next = last - 1;
        while (less(v, a[next], s)) {
            a[last] = a[next];
            last = next;
            next--;
        }
        a[last] = v;
    }

    /** {@code std::__partial_sort(first, last, last)}: make_heap, then sort_heap. */
    private static void heapSort(int[] a, int first, int last, GoalSchedule s) {
        int len = last - first;
        if (len >= 2) {
            for (int parent = (len - 2) / 2; ; parent--) {
                adjustHeap(a, first, parent, len, a[first + parent], s);
                if (parent == 0) {
                    break;
                }
            }
        }
        while (last - first > 1) {
            last--;
            int v = a[last];
            a[last] = a[first];
            adjustHeap(a, first, 0, last - first, v, s);
        }
    }

    private static void adjustHeap(int[] a, int first, int hole, int len, int value, GoalSchedule s) {
        int top = hole;
        int second = hole;
        while (second < (len - 1) / 2) {
            second = 2 * (second + 1);
            if (less(a[first + second], a[first + second - 1], s)) {
                second--;
            }
            a[first + hole] = a[first + second];
            hole = second;
        }
        if ((len & 1) == 0 && second == (len - 2) / 2) {
            second = 2 * (second + 1);
            a[first + hole] = a[first + second - 1];
            hole = second - 1;
        }
        int parent = (hole - 1) / 2;
        while (hole > top && less(a[first + parent], value, s)) {
            a[first + hole] = a[first + parent];
            hole = parent;
            parent = (hole - 1) / 2;
        }
        a[first + hole] = value;
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
