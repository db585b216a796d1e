public enum MadiCoreVersion { public static let value = "0.1.0" }
