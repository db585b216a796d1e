import MadiApp

Madi.main()
