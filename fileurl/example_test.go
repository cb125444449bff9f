package fileurl_test

import (
	"errors"
	"fmt"

	"github.com/spanurl/spanurl/fileurl"
	"github.com/spanurl/spanurl/span"
)

func ExampleFromPOSIXPath() {
	u, err := fileurl.FromPOSIXPath("/home/me/My Documents/../résumé #2.pdf")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	// Output: file:///home/me/r%C3%A9sum%C3%A9%20%232.pdf
}

func ExampleFromWindowsPath() {
	for _, p := range []string{`C:\Users\me\a?b.txt`, `\\fileserver\share\report.pdf`, `docs\a.txt`} {
		u, err := fileurl.FromWindowsPath(p)
		fmt.Println(u, err)
	}
	// Output:
	// file:///C:/Users/me/a%3Fb.txt <nil>
	// file://fileserver/share/report.pdf <nil>
	//  fileurl.FromWindowsPath "docs\\a.txt": path is not absolute
}

func ExampleToPOSIXPath() {
	for _, href := range []string{"file:///tmp/a%20b.txt", "file://localhost/etc/hosts", "file:///a%2Fb", "file://server/x"} {
		u, _ := span.Parse(href)
		p, err := fileurl.ToPOSIXPath(u)
		fmt.Printf("%q %v\n", p, errors.Is(err, fileurl.ErrEncodedSeparator) || errors.Is(err, fileurl.ErrHost))
	}
	// Output:
	// "/tmp/a b.txt" false
	// "/etc/hosts" false
	// "" true
	// "" true
}

func ExampleToWindowsPath() {
	for _, href := range []string{"file:///C:/Users/me/a%20b.txt", "file://fileserver/share/x", "file:///tmp/x"} {
		u, _ := span.Parse(href)
		fmt.Println(fileurl.ToWindowsPath(u))
	}
	// Output:
	// C:\Users\me\a b.txt <nil>
	// \\fileserver\share\x <nil>
	//  fileurl.ToWindowsPath "file:///tmp/x": file URL path has no drive letter
}

func ExampleFromPath() {
	u, err := fileurl.FromPath("/var/log/nginx/access.log") // on a POSIX system
	fmt.Println(u, err)
	// Output: file:///var/log/nginx/access.log <nil>
}

func ExampleToPath() {
	u, _ := span.Parse("file:///var/log/nginx/access.log")
	fmt.Println(fileurl.ToPath(u)) // on a POSIX system
	// Output: /var/log/nginx/access.log <nil>
}
