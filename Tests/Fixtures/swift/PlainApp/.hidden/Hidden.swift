struct Hidden: View { var body: some View { Text("x").tw("frostd") } }
