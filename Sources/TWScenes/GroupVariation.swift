import TWResolution

/// The groups above a node when a `group` marker, or the state it publishes,
/// depends on conditions (`.tw("group", state: TWState(isHovered: hovered))`,
/// `.tw(on ? "group" : "")`): the conditions that change the groups, and the
/// groups under each combination of them.
///
/// swiftcn publishes a group's state to its subtree through the environment
/// (`View+TW.swift`, `transformEnvironment(\.twGroups)`), so a view inside
/// the group takes the group's state in each combination of the group's
/// conditions; its surface shows them as its own conditions.
struct GroupVariation: Sendable {
    struct Case: Sendable {
        /// One value per condition, in `conditions` order.
        var values: [Bool]
        var groups: GroupContext
    }

    var conditions: [SurfaceCondition]
    /// The first has every condition true: the context's own `groups`.
    var cases: [Case]

    /// The cases that agree with a node whose conditions `names` take
    /// `values` (the same value for each condition both name), each with its
    /// values for the conditions `all` (which holds both lists).
    func cases(agreeingWith values: [Bool], of names: [SurfaceCondition], in all: [SurfaceCondition]) -> [Case] {
        let ownIndex = all.map { c in names.firstIndex { $0.text == c.text } }
        let caseIndex = all.map { c in conditions.firstIndex { $0.text == c.text } }
        return cases.compactMap { c in
            var out: [Bool] = []
            for (own, mine) in zip(ownIndex, caseIndex) {
                switch (own, mine) {
                case (let own?, let mine?):
                    guard values[own] == c.values[mine] else { return nil }
                    out.append(values[own])
                case (let own?, nil): out.append(values[own])
                case (nil, let mine?): out.append(c.values[mine])
                case (nil, nil): return nil
                }
            }
            return Case(values: out, groups: c.groups)
        }
    }

    /// The conditions `names` does not have, in order: the ones a node inside the groups adds.
    func conditionsBeside(_ names: [SurfaceCondition]) -> [SurfaceCondition] {
        conditions.filter { c in !names.contains { $0.text == c.text } }
    }

    /// Without the conditions no case's groups depend on; nil when none is left.
    func pruned() -> GroupVariation? {
        // The common case, a node with conditions and no group that depends on them.
        guard let first = cases.first, cases.contains(where: { $0.groups != first.groups }) else { return nil }
        var variation = self
        var i = 0
        while i < variation.conditions.count {
            let matters = variation.cases.contains { c in
                variation.cases.contains { other in
                    other.values[i] != c.values[i] && other.groups != c.groups
                        && other.values.indices.allSatisfy { $0 == i || other.values[$0] == c.values[$0] }
                }
            }
            if matters {
                i += 1
                continue
            }
            variation.conditions.remove(at: i)
            var kept: [Case] = []
            for var c in variation.cases {
                c.values.remove(at: i)
                if !kept.contains(where: { $0.values == c.values }) { kept.append(c) }
            }
            variation.cases = kept
        }
        return variation.conditions.isEmpty ? nil : variation
    }
}
