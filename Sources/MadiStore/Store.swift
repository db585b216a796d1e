import MadiCore
