import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// swiftcn's input, text, navigation, sidebar, field, value, disclosure,
/// presentation and button components read through the real binary: each call
/// is a surface of the component's recipe, the classes its enum or flag
/// arguments pick, then the classes passed (each case names the swiftcn source
/// it follows).
@Suite("swiftcn parity: the input, text, navigation, sidebar and button components", .removesTemporaryDirectories)
struct SwiftCNInputNavigationComponentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        /// The body's views, inside a `VStack`.
        var views: String
        var stdout: String
        var testDescription: String { id }
    }

    /// A view with the state the cases bind to, and `views` in its `VStack` (from line 12, column 13).
    static func source(_ views: String) -> String {
        let body = views.split(separator: "\n", omittingEmptySubsequences: false).map { "            " + $0 }
        return """
            import SwiftUI

            struct Screen: View {
                @State private var text = ""
                @State private var page = 1
                @State private var visibility = NavigationSplitViewVisibility.all
                @State private var fruit: Int?
                @State private var open = false
                let options: [CNOption<Int>] = []
                var body: some View {
                    VStack {
            \(body.joined(separator: "\n"))
                    }
                }
            }

            """
    }

    static let cases: [Case] = [
        // Input.swift: CNInput applies `cn("input", classes)` through its field-control modifier.
        Case(
            id: "CNInput",
            views: """
                CNInput("Email", text: $text, classes: "w-[200]")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNInput  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(.init(top: 8, leading: 12, bottom: 8, trailing: 12))             // style · built-in padding ← input
                  .frame(width: 200)                                                        // style · built-in frame ← w-[200]
                  .frame(minHeight: 44)                                                     // style · built-in frame ← input
                  .background(Color(red: 0.98, green: 0.98, blue: 0.98), in: .rect(cornerRadius: 8))  // style · built-in background ← input
                  .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }  // style · built-in border ← input
                  .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← input
                  animation: .smooth(duration: 0.15)  // animate-smooth

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Input.swift: CNInputGroup takes its classes first (`input-group`); CNInputGroupField's are
        // `classes:` (`input-group-field`).
        Case(
            id: "CNInputGroup",
            views: """
                CNInputGroup("px-2") { CNInputGroupField("Search", text: $text, classes: "font-bold") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNInputGroup  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(.horizontal, 8)                                                  // style · built-in padding ← px-2
                  .frame(minHeight: 44)                                                     // style · built-in frame ← input-group
                  .background(Color(red: 0.98, green: 0.98, blue: 0.98), in: .rect(cornerRadius: 8))  // style · built-in background ← input-group
                  .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }  // style · built-in border ← input-group
                  .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← input-group
                  animation: .smooth(duration: 0.15)  // animate-smooth

                Screen.swift:12:36: Screen.body/0/0  CNInputGroupField  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)     // style · built-in font ← input-group-field
                  .fontWeight(.bold)      // style · built-in font ← font-bold
                  .padding(.vertical, 8)  // style · built-in padding ← input-group-field
                  .frame(minHeight: 44)   // style · built-in frame ← input-group-field

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Input.swift: CNInputOTP draws a CNInput given `cn("input-otp", classes)`, under
        // `.cnTextUtilities()` (`cn-mono`, inactive unless a class selects it).
        Case(
            id: "CNInputOTP",
            views: """
                CNInputOTP(code: $text, classes: "w-[200]")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNInputOTP  (view, decorated)  identity 077c4b864b5c349b
                  .font(.title2)                                                            // style · built-in font ← input-otp
                  .fontDesign(.monospaced)                                                  // style · built-in font ← input-otp
                  .fontDesign(nil)                                                          // content · cn-mono (inline, Screen.swift:12:13) · inactive
                  .padding(.init(top: 8, leading: 12, bottom: 8, trailing: 12))             // style · built-in padding ← input
                  .frame(width: 200)                                                        // style · built-in frame ← w-[200]
                  .frame(minHeight: 44)                                                     // style · built-in frame ← input
                  .background(Color(red: 0.98, green: 0.98, blue: 0.98), in: .rect(cornerRadius: 8))  // style · built-in background ← input
                  .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }  // style · built-in border ← input
                  .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← input
                  animation: .smooth(duration: 0.15)  // animate-smooth

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Display.swift: `cn("typography", style.classes, classes)` under `.cnTextUtilities()`; `.body`
        // (`text-base`) by default; `.code` selects `cn-mono`.
        Case(
            id: "CNTypography",
            views: """
                CNTypography("Hello")
                CNTypography("Title", style: .heading, classes: "text-primary")
                CNTypography("let x", style: .code)
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNTypography  (view, decorated)  identity 077c4b864b5c349b
                  .font(.body)                                                 // style · built-in font ← text-base
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← typography
                  .fontDesign(nil)                                             // content · cn-mono (inline, Screen.swift:12:13) · inactive

                Screen.swift:13:13: Screen.body/1  CNTypography  (view, decorated)  identity 077c4b864b5c349b
                  .font(.title2)                                               // style · built-in font ← text-xl
                  .fontWeight(.semibold)                                       // style · built-in font ← font-semibold
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← text-primary
                  .fontDesign(nil)                                             // content · cn-mono (inline, Screen.swift:13:13) · inactive

                Screen.swift:14:13: Screen.body/2  CNTypography  (view, decorated)  identity 8b07c42c119bbd96
                  .font(.subheadline)                                                       // style · built-in font ← text-sm
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))               // style · built-in foreground ← typography
                  .fontDesign(.monospaced)                                                  // content · cn-mono (inline, Screen.swift:14:13) · active
                  .padding(.horizontal, 4)                                                  // style · built-in padding ← px-1
                  .background(Color(red: 0.935, green: 0.935, blue: 0.947), in: .rect(cornerRadius: 4))  // style · built-in background ← bg-accent
                  .clipShape(.rect(cornerRadius: 4))                                        // style · built-in cornerRadius ← rounded-sm

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Display.swift: `cn("separator", horizontal ? "h-[1] w-full" : "w-[1]", classes)`; the classes
        // come first, with no content closure.
        Case(
            id: "CNSeparator",
            views: """
                CNSeparator("py-2")
                CNSeparator(axis: .vertical)
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNSeparator  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(.vertical, 8)                                  // style · built-in padding ← py-2
                  .frame(height: 1)                                       // style · built-in frame ← h-[1]
                  .frame(maxWidth: .infinity)                             // style · built-in frame ← w-full
                  .background(Color(red: 0.88, green: 0.88, blue: 0.88))  // style · built-in background ← separator

                Screen.swift:13:13: Screen.body/1  CNSeparator  (view, decorated)  identity 9106a31d44f82b3a
                  .frame(width: 1)                                        // style · built-in frame ← w-[1]
                  .background(Color(red: 0.88, green: 0.88, blue: 0.88))  // style · built-in background ← separator

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Navigation.swift: `cn("pagination", classes)` around the page buttons it draws.
        Case(
            id: "CNPagination",
            views: """
                CNPagination(page: $page, pageCount: 10, classes: "p-2")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNPagination  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)  // style · built-in font ← pagination
                  .padding(8)          // style · built-in padding ← p-2

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Navigation.swift: CNBreadcrumb takes its classes first (`breadcrumb`).
        Case(
            id: "CNBreadcrumb",
            views: """
                CNBreadcrumb("p-1") { Text("Home") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNBreadcrumb  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)                                           // style · built-in font ← breadcrumb
                  .foregroundStyle(Color(red: 0.42, green: 0.42, blue: 0.432))  // style · built-in foreground ← breadcrumb
                  .padding(4)                                                   // style · built-in padding ← p-1

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Sidebar.swift: the pane's `cn("sidebar", classes)`; its parts' `sidebar-…` recipes (a group
        // label's first argument is its title).
        Case(
            id: "CNSidebar",
            views: """
                CNSidebar(visibility: $visibility, classes: "w-[240]") {
                    CNSidebarHeader("p-4") { Text("Acme") }
                    CNSidebarGroupLabel("Files", classes: "px-4")
                } detail: { Text("Detail") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNSidebar  (view, decorated)  identity 9106a31d44f82b3a
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← sidebar
                  .frame(width: 240)                                           // style · built-in frame ← w-[240]
                  .background(Color(red: 1, green: 1, blue: 1))                // style · built-in background ← sidebar

                Screen.swift:13:17: Screen.body/0/0  CNSidebarHeader  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(16)                 // style · built-in padding ← p-4
                  .frame(maxWidth: .infinity)  // style · built-in frame ← sidebar-header

                Screen.swift:14:17: Screen.body/0/1  CNSidebarGroupLabel  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.caption)                                                // style · built-in font ← sidebar-group-label
                  .fontWeight(.medium)                                           // style · built-in font ← sidebar-group-label
                  .foregroundStyle(Color(red: 0.42, green: 0.42, blue: 0.432))   // style · built-in foreground ← sidebar-group-label
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← sidebar-group-label px-4

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Sidebar.swift: a ghost CNButton given `cn("sidebar-menu-button", isSelected ?
        // "sidebar-menu-selected" : "", classes)`: a button style; the native borderless style that
        // `button-ghost` selects does not paint the selected background (seed 003).
        Case(
            id: "CNSidebarMenuButton",
            views: """
                CNSidebarMenuButton("Home", systemImage: "house", isSelected: page == 1, classes: "w-full") {}
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNSidebarMenuButton  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                          // style · built-in font ← button-ghost
                  .fontWeight(.medium)                                         // style · built-in font ← sidebar-menu-button
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← sidebar-menu-selected
                  .padding(8)                                                  // style · built-in padding ← sidebar-menu-button
                  .frame(maxWidth: .infinity, minHeight: 44)                   // style · built-in frame ← w-full sidebar-menu-button
                  .buttonBorderShape(.roundedRectangle(radius: 8))             // style · built-in cornerRadius ← button-ghost
                  .buttonStyle(.borderless)  // button style
                  animation: none  // animate-none — animations off for this surface
                  conditions: page == 1  // 2 combinations, one identity
                  when !(page == 1):
                    - .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← sidebar-menu-selected
                    + .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← button-ghost
                  Screen.swift:12:13: warning[not-painted] (target): 'bg-accent' is not painted: the native borderless style draws the button's background

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 1 warning(s)

                """#),
        // Command.swift: CNCombobox passes `cn("combobox", classes)` to a CNPopover, whose trigger is an
        // outline CNButton (Presentation.swift): a button style `button-outline combobox …`; the
        // native bordered style draws its own background and border (seed 003).
        Case(
            id: "CNCombobox",
            views: """
                CNCombobox("Fruit", options: options, selection: $fruit, classes: "w-[200]")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNCombobox  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-outline
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))    // style · built-in foreground ← button-outline
                  .padding(.init(top: 8, leading: 12, bottom: 8, trailing: 12))  // style · built-in padding ← combobox
                  .frame(width: 200)                                             // style · built-in frame ← w-[200]
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← combobox
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth
                  Screen.swift:12:13: warning[not-painted] (target): 'bg-background' is not painted: the native bordered style draws the button's background
                  Screen.swift:12:13: warning[not-painted] (target): 'border' is not painted: the native bordered style draws the button's border

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 2 warning(s)

                """#),
        // Button.swift: `.buttonStyle(.tw(cn(variant.classes, size.classes, classes)))`, `.primary` and
        // `.regular` by default; `.icon`'s classes differ by platform there, a note here.
        Case(
            id: "CNButton",
            views: """
                CNButton("Save", variant: .outline, size: .small, classes: "w-full") {}
                CNButton("Go") {}
                CNButton("Close", size: .icon) {}
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNButton  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.caption)                                                // style · built-in font ← text-xs
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))    // style · built-in foreground ← button-outline
                  .padding(.init(top: 4, leading: 12, bottom: 4, trailing: 12))  // style · built-in padding ← py-1 px-3
                  .frame(maxWidth: .infinity, minHeight: 44)                     // style · built-in frame ← w-full button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-outline
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth

                Screen.swift:13:13: Screen.body/1  CNButton  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-primary
                  .fontWeight(.semibold)                                         // style · built-in font ← button-primary
                  .foregroundStyle(Color(red: 1, green: 1, blue: 1))             // style · built-in foreground ← button-primary
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-primary
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-primary
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-primary
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))               // style · built-in tint ← button-primary
                  .buttonStyle(.borderedProminent)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth

                Screen.swift:14:13: Screen.body/2  CNButton  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-primary
                  .fontWeight(.semibold)                                         // style · built-in font ← button-primary
                  .foregroundStyle(Color(red: 1, green: 1, blue: 1))             // style · built-in foreground ← button-primary
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-primary
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-primary
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-primary
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))               // style · built-in tint ← button-primary
                  .buttonStyle(.borderedProminent)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth
                  Screen.swift:14:37: note[dynamic-classes]: `.icon` is known only at run time (swiftcn's icon size differs by platform; twhost does not guess it); its classes are not checked — write the classes as literals, TWClasses constants or cn(…) in this file to have them checked

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Presentation.swift: CNPopover's trigger is an outline CNButton given the classes.
        Case(
            id: "CNPopover",
            views: """
                CNPopover(isPresented: $open, classes: "w-[120]") { Text("Body") } label: { Text("More") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNPopover  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-outline
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))    // style · built-in foreground ← button-outline
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-outline
                  .frame(width: 120)                                             // style · built-in frame ← w-[120]
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-outline
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // SelectionControls.swift (CNSelect: `select`, CNRadioGroup: `radio-group`), Button.swift
        // (CNButtonGroup: `button-group`).
        Case(
            id: "CNSelect",
            views: """
                CNSelect("Fruit", options: options, selection: $page, classes: "w-[200]")
                CNRadioGroup("Size", options: options, selection: $page, classes: "p-2")
                CNButtonGroup(classes: "p-1") { Text("A") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNSelect  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)                               // style · built-in font ← select
                  .frame(width: 200)                                // style · built-in frame ← w-[200]
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in tint ← select

                Screen.swift:13:13: Screen.body/1  CNRadioGroup  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)                               // style · built-in font ← radio-group
                  .padding(8)                                       // style · built-in padding ← p-2
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in tint ← radio-group

                Screen.swift:14:13: Screen.body/2  CNButtonGroup  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(4)                                                               // style · built-in padding ← p-1
                  .background(Color(red: 1, green: 1, blue: 1), in: .rect(cornerRadius: 8))  // style · built-in background ← button-group
                  .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← button-group

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // ComponentParts.swift: each part is `cn("<its recipe>", classes)` on its content; classes first
        // before content (CNLabel), or a title and `classes:`; CNKbd installs `.cnTextUtilities()`.
        Case(
            id: "CNAlertTitle",
            views: """
                CNAlertTitle("Heads up", classes: "font-bold")
                CNLabel("text-xs") { Text("Email") }
                CNKbd("⌘K")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNAlertTitle  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)  // style · built-in font ← alert-title
                  .fontWeight(.bold)   // style · built-in font ← font-bold

                Screen.swift:13:13: Screen.body/1  CNLabel  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.caption)  // style · built-in font ← text-xs

                Screen.swift:14:13: Screen.body/2  CNKbd  (view, decorated)  identity 077c4b864b5c349b
                  .font(.caption)                                                           // style · built-in font ← kbd
                  .fontDesign(.monospaced)                                                  // style · built-in font ← kbd
                  .foregroundStyle(Color(red: 0.42, green: 0.42, blue: 0.432))              // style · built-in foreground ← kbd
                  .fontDesign(nil)                                                          // content · cn-mono (inline, Screen.swift:14:13) · inactive
                  .padding(.init(top: 4, leading: 8, bottom: 4, trailing: 8))               // style · built-in padding ← kbd
                  .background(Color(red: 0.935, green: 0.935, blue: 0.947), in: .rect(cornerRadius: 4))  // style · built-in background ← kbd
                  .overlay { RoundedRectangle(cornerRadius: 4).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }  // style · built-in border ← kbd
                  .clipShape(.rect(cornerRadius: 4))                                        // style · built-in cornerRadius ← kbd

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Field.swift: CNField (`field`) and its label and error parts (`field-label`, `field-error`).
        Case(
            id: "CNField",
            views: """
                CNField(isInvalid: true, classes: "p-2") {
                    CNFieldLabel("Email")
                    CNFieldError("Required", classes: "text-xs")
                }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNField  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(8)  // style · built-in padding ← p-2

                Screen.swift:13:17: Screen.body/0/0  CNFieldLabel  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)   // style · built-in font ← field-label
                  .fontWeight(.medium)  // style · built-in font ← field-label

                Screen.swift:14:17: Screen.body/0/1  CNFieldError  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.caption)                                              // style · built-in font ← text-xs
                  .foregroundStyle(Color(red: 0.78, green: 0.12, blue: 0.15))  // style · built-in foreground ← field-error

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // ValueControls.swift: CNSlider (`slider`), CNProgress (`progress feedback-motion`), CNDatePicker
        // (`date-picker`).
        Case(
            id: "CNSlider",
            views: """
                CNSlider("Volume", value: .constant(0.5), classes: "w-[200]")
                CNProgress("Upload", value: 0.5, classes: "w-[200]")
                CNDatePicker("Due", selection: .constant(Date()), classes: "p-2")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNSlider  (view, decorated)  identity 9106a31d44f82b3a
                  .frame(width: 200)                                // style · built-in frame ← w-[200]
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in tint ← slider

                Screen.swift:13:13: Screen.body/1  CNProgress  (view, decorated)  identity 9106a31d44f82b3a
                  .frame(width: 200)                                // style · built-in frame ← w-[200]
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in tint ← progress
                  animation: .smooth(duration: 0.2)  // animate-smooth

                Screen.swift:14:13: Screen.body/2  CNDatePicker  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(8)                                       // style · built-in padding ← p-2
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in tint ← date-picker

                3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Presentation.swift: CNDialog's trigger is an outline CNButton given `classes:`; its
        // `contentClasses:` style the panel it presents, a note; CNDrawerContent (`drawer`).
        Case(
            id: "CNDialog",
            views: """
                CNDialog(isPresented: $open, classes: "w-full", contentClasses: "p-6") { Text("Body") } label: { Text("Open") }
                CNDrawerContent("p-4") { Text("Drawer") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNDialog  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-outline
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))    // style · built-in foreground ← button-outline
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-outline
                  .frame(maxWidth: .infinity, minHeight: 44)                     // style · built-in frame ← w-full button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-outline
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth

                Screen.swift:13:13: Screen.body/1  CNDrawerContent  (view, decorated)  identity 9106a31d44f82b3a
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← drawer
                  .padding(16)                                                 // style · built-in padding ← p-4
                  .background(Color(red: 1, green: 1, blue: 1))                // style · built-in background ← drawer

                Screen.swift:12:77: note[dynamic-classes]: the classes `"p-6"` of the panel CNDialog presents is not read statically; what it adds is not checked
                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Disclosure.swift: CNCollapsible (`collapsible disclosure-motion`), CNAccordion (`accordion
        // disclosure-motion`).
        Case(
            id: "CNCollapsible",
            views: """
                CNCollapsible(isExpanded: $open, classes: "p-2") { Text("Body") } label: { Text("More") }
                CNAccordion(options, expanded: .constant([]), classes: "p-1") { option in Text(option.title) } label: { option in Text(option.title) }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNCollapsible  (view, decorated)  identity 9106a31d44f82b3a
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← collapsible
                  .padding(8)                                                  // style · built-in padding ← p-2
                  animation: .spring(duration: 0.25)  // animate-spring

                Screen.swift:13:13: Screen.body/1  CNAccordion  (view, decorated)  identity 9106a31d44f82b3a
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← accordion
                  .padding(4)                                                  // style · built-in padding ← p-1
                  animation: .spring(duration: 0.25)  // animate-spring

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // SelectionControls.swift: CNSwitchStyle and CNCheckboxStyle put `cn("switch", classes)` and
        // `cn("checkbox", classes)` on the row around the native control.
        Case(
            id: "CNSwitch",
            views: """
                CNSwitch("Wi-Fi", isOn: $open, classes: "px-2")
                CNCheckbox("Agree", isOn: $open)
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNSwitch  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)                               // style · built-in font ← switch
                  .padding(.horizontal, 8)                          // style · built-in padding ← px-2
                  .frame(minHeight: 44)                             // style · built-in frame ← switch
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in tint ← switch

                Screen.swift:13:13: Screen.body/1  CNCheckbox  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.subheadline)                                       // style · built-in font ← checkbox
                  .frame(minWidth: 44, maxWidth: .infinity, minHeight: 44)  // style · built-in frame ← checkbox
                  .tint(Color(red: 0.09, green: 0.09, blue: 0.09))          // style · built-in tint ← checkbox

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // SelectionControls.swift: CNButtonToggleStyle styles an outline button
        // `cn("button-outline", isOn ? "toggle-selected" : "toggle-unselected", classes)`.
        Case(
            id: "CNToggle",
            views: """
                CNToggle("Bold", isOn: $open, classes: "w-[80]")
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNToggle  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-outline
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 1, green: 1, blue: 1))             // style · built-in foreground ← toggle-selected
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-outline
                  .frame(width: 80)                                              // style · built-in frame ← w-[80]
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-outline
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth
                  conditions: open  // 2 combinations, one identity
                  when !open:
                    - .foregroundStyle(Color(red: 1, green: 1, blue: 1))  // style · built-in foreground ← toggle-selected
                    + .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← toggle-unselected
                  Screen.swift:12:13: warning[not-painted] (target): 'bg-primary' is not painted: the native bordered style draws the button's background
                  Screen.swift:12:13: warning[not-painted] (target): 'bg-surface' is not painted: the native bordered style draws the button's background (when !open)
                  Screen.swift:12:13: warning[not-painted] (target): 'border' is not painted: the native bordered style draws the button's border (when !open)

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 3 warning(s)

                """#),
        // Menus.swift: the trigger is `cn("button-outline", classes)`; each item a plain button styled
        // `cn("dropdown-item", minimum height, role == .destructive ? "text-destructive" : "", classes)`;
        // the separator a clear line `cn("h-[1] w-full bg-border", classes)`.
        Case(
            id: "CNDropdownMenu",
            views: """
                CNDropdownMenu("w-[120]", isPresented: $open) {
                    CNDropdownMenuItem("Delete", role: .destructive) {}
                    CNDropdownMenuLink("Docs", destination: URL(string: "https://example.com")!, classes: "px-3")
                    CNDropdownMenuCheckboxItem(isOn: $open) { Text("Show") }
                    CNDropdownMenuSeparator("py-1")
                } label: { Text("Menu") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNDropdownMenu  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← button-outline
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))    // style · built-in foreground ← button-outline
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-outline
                  .frame(width: 120)                                             // style · built-in frame ← w-[120]
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-outline
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth

                Screen.swift:13:17: Screen.body/0/0  CNDropdownMenuItem  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                          // style · built-in font ← dropdown-item
                  .foregroundStyle(Color(red: 0.78, green: 0.12, blue: 0.15))  // style · built-in foreground ← text-destructive
                  .padding(8)                                                  // style · built-in padding ← dropdown-item
                  .frame(minHeight: 44)                                        // style · built-in frame ← min-h-[44]
                  .clipShape(.rect(cornerRadius: 8))                           // style · built-in cornerRadius ← dropdown-item
                  .buttonStyle(.plain (twhost style))  // button style
                  animation: none  // animate-none — animations off for this surface

                Screen.swift:14:17: Screen.body/0/1  CNDropdownMenuLink  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                                            // style · built-in font ← dropdown-item
                  .padding(.init(top: 8, leading: 12, bottom: 8, trailing: 12))  // style · built-in padding ← dropdown-item px-3
                  .frame(minHeight: 44)                                          // style · built-in frame ← min-h-[44]
                  .clipShape(.rect(cornerRadius: 8))                             // style · built-in cornerRadius ← dropdown-item
                  .buttonStyle(.plain (twhost style))  // button style
                  animation: none  // animate-none — animations off for this surface

                Screen.swift:15:17: Screen.body/0/2  CNDropdownMenuCheckboxItem  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.subheadline)                 // style · built-in font ← dropdown-item
                  .padding(8)                         // style · built-in padding ← dropdown-item
                  .frame(minHeight: 44)               // style · built-in frame ← min-h-[44]
                  .clipShape(.rect(cornerRadius: 8))  // style · built-in cornerRadius ← dropdown-item
                  .buttonStyle(.plain (twhost style))  // button style
                  animation: none  // animate-none — animations off for this surface

                Screen.swift:16:17: Screen.body/0/3  CNDropdownMenuSeparator  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(.vertical, 4)                                  // style · built-in padding ← py-1
                  .frame(height: 1)                                       // style · built-in frame ← h-[1]
                  .frame(maxWidth: .infinity)                             // style · built-in frame ← w-full
                  .background(Color(red: 0.88, green: 0.88, blue: 0.88))  // style · built-in background ← bg-border

                5 surface(s): 5 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
        // Presentation.swift: CNTooltip is a CNPopover trigger given the classes on iOS (an outline
        // button); on macOS the label itself, `cn("tooltip", classes)` (the macOS test below).
        Case(
            id: "CNTooltip",
            views: """
                CNTooltip("Download", classes: "text-xs") { Text("Get") }
                """,
            stdout: #"""
                Screen.swift:12:13: Screen.body/0  CNTooltip  (button, decorated)  identity 5108fa7718ad4ead
                  .font(.caption)                                                // style · built-in font ← text-xs
                  .fontWeight(.semibold)                                         // style · built-in font ← button-outline
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))    // style · built-in foreground ← button-outline
                  .padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))  // style · built-in padding ← button-outline
                  .frame(minHeight: 44)                                          // style · built-in frame ← button-outline
                  .buttonBorderShape(.roundedRectangle(radius: 8))               // style · built-in cornerRadius ← button-outline
                  .buttonStyle(.bordered)  // button style
                  animation: .smooth(duration: 0.15)  // animate-smooth

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """#),
    ]

    @Test("a component's surface through twhost resolve", arguments: cases)
    func resolve(_ c: Case) throws {
        let root = try SwiftSource.folder(["Screen.swift": Self.source(c.views)], label: "swiftcn-components-\(c.id)")
        let result = try twhost(["resolve", "Screen.swift"], directory: root)
        #expect(result.stdout == c.stdout)
        // Warnings and notes alone: resolve succeeds.
        #expect(result.status == 0)
    }

    // The classes passed are checked where they are written: a leading class string of CNSeparator,
    // a CNTypography's `classes:` and a CNCombobox's, each at its column; the exit status is 1.
    @Test("twhost check reads the classes passed to them: an unknown one is an error at its column")
    func checkReadsTheClasses() throws {
        let views = """
            CNSeparator("my-2")
            CNTypography("Title", style: .title, classes: "text-huge")
            CNCombobox("Fruit", options: options, selection: $fruit, classes: "w-[200] drop")
            CNInput("Email", text: $text, classes: "w-full")
            """
        let root = try SwiftSource.folder(["Screen.swift": Self.source(views)], label: "swiftcn-components-check")
        let result = try twhost(["check", "Screen.swift"], directory: root)
        #expect(
            result.stdout == """
                Screen.swift:12:26: error[unknown-class] unknown class 'my-2' — did you mean 'py-2'?
                Screen.swift:13:60: error[invalid-argument] 'text-huge': expected a font size (xs, sm, base, lg, xl, 2xl, 3xl), an alignment (left, center, right) or a color
                Screen.swift:14:88: error[unknown-class] unknown class 'drop'
                3 error(s), 0 warning(s), 0 note(s) in 1 file(s), 4 surface(s)

                """)
        #expect(result.status == 1)
    }

    // Sidebar.swift: CNSidebarMenuButton is a ghost CNButton whose own `sidebar-menu-button` and
    // `sidebar-menu-selected` name `bg-accent`; Command.swift: CNCombobox's `combobox` names a background
    // and a border. swiftcn does not paint them on the native style either (TWButtonStyle.swift), and the
    // caller wrote none of them: no warning. A class the caller passes is still reported where it is written.
    @Test("twhost check does not report what a component's own recipe leaves unpainted, only the caller's classes")
    func checkLeavesTheLibrarysOwnClassesAlone() throws {
        let views = """
            CNSidebarMenuButton("Home", systemImage: "house", isSelected: true) {}
            CNSidebarMenuButton("Inbox", systemImage: "tray", isSelected: page == 2, classes: "shadow-md") {}
            CNCombobox("Fruit", options: options, selection: $fruit)
            Text("Plain").tw("font-regular")
            """
        let root = try SwiftSource.folder(["Screen.swift": Self.source(views)], label: "swiftcn-components-supplied")
        let result = try twhost(["check", "Screen.swift"], directory: root)
        #expect(
            result.stdout == """
                Screen.swift:13:96: warning[not-painted] 'shadow-md' is not painted: the native borderless style draws the button's shadow
                0 error(s), 1 warning(s), 0 note(s) in 1 file(s), 4 surface(s)

                """)
        #expect(result.status == 0)
    }

    // Presentation.swift: on macOS CNTooltip is its label with `.help`, styled `cn("tooltip", classes)`.
    @Test("CNTooltip on macOS is its label's surface, the tooltip recipe and the classes")
    func tooltipOnMacOS() throws {
        let views = """
            CNTooltip("Download", classes: "font-bold") { Text("Get") }
            """
        let root = try SwiftSource.folder(["Screen.swift": Self.source(views)], label: "swiftcn-components-tooltip")
        let result = try twhost(["resolve", "--platform", "macos", "Screen.swift"], directory: root)
        #expect(
            result.stdout == """
                Screen.swift:12:13: Screen.body/0  CNTooltip  (view, decorated)  identity 9106a31d44f82b3a
                  .font(.caption)     // style · built-in font ← tooltip
                  .fontWeight(.bold)  // style · built-in font ← font-bold

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        #expect(result.status == 0)
    }
}
